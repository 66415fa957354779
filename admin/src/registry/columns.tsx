import type { ReactNode } from 'react';
import { DataTable, useTranslate, type DataTableColumnProps } from 'react-admin';
import type { FieldDefinition } from '@app/domain';
import type { ResourceFields } from './useRegistry';
import { formatValue, isShortType } from './formatValue';

/** How a column renders its cell instead of the type's default (e.g. the name with the assignee under it). */
export type CellRenderers = Record<string, (record: Record<string, unknown>) => ReactNode>;

/** How a column's cells are laid out instead of the type's default (short values on one line). */
export type CellStyles = Record<string, DataTableColumnProps['cellSx']>;

/**
 * A field's catalogue label: its own key, else `resources.<resource>.fields.<source>` of the registry's
 * resource, whichever name the admin mounts the resource under (a queue, `disputes-due`...).
 */
export const fieldLabel = (definition: ResourceFields, field: FieldDefinition) =>
  field.label ?? `resources.${definition.name}.fields.${field.source}`;

/**
 * The fields a resource shows in its lists, in registry order and labelled; `columnSet` narrows them for
 * orders' table kinds.
 */
export const listFields = (definition: ResourceFields, columnSet?: string): FieldDefinition[] =>
  definition.fields
    .filter(
      (field) =>
        field.places.includes('list') &&
        (!columnSet || !field.columnSets || field.columnSets.includes(columnSet as never)),
    )
    .map((field) => ({ ...field, label: fieldLabel(definition, field) }));

/** The sources of the columns a member sees only once they turn them on (a field's hiddenByDefault). */
export const hiddenByDefaultOf = (fields: readonly FieldDefinition[]) =>
  fields.filter((field) => field.hiddenByDefault).map((field) => field.source);

/** A cell in the type's format. */
export function RegistryCell({ field, record }: { field: FieldDefinition; record: Record<string, unknown> }) {
  const translate = useTranslate();
  return <>{formatValue(field, record, 'list', translate)}</>;
}

/**
 * The DataTable columns of a resource from its registry fields: the label is the catalogue's
 * `resources.<name>.fields.<source>` (react-admin's default) unless the field names another, the
 * header sorts when the API sorts by the field, and short values stay on one line unless `styles` say otherwise.
 */
export function registryColumns(
  fields: readonly FieldDefinition[],
  renderers: CellRenderers = {},
  styles: CellStyles = {},
): ReactNode[] {
  return fields.map((field) => (
    <DataTable.Col
      key={field.source}
      source={field.source}
      label={field.label}
      disableSort={!field.sortable}
      render={(record: Record<string, unknown>) =>
        renderers[field.source]?.(record) ?? <RegistryCell field={field} record={record} />
      }
      cellSx={styles[field.source] ?? (isShortType(field) ? () => ({ whiteSpace: 'nowrap' }) : undefined)}
    />
  ));
}
