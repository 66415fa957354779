import type { ReactElement, ReactNode } from 'react';
import {
  DataTable,
  Pagination,
  ReferenceManyField,
  useListContext,
  useTranslate,
  type ReferenceManyFieldProps,
} from 'react-admin';
import { ColumnsButton } from '../preferences/ColumnsButton';
import { ScrollRegion } from '../shared/ScrollRegion';
import { useResourceDefinition } from './useRegistry';
import { Section } from './ShowSections';
import { listFields, registryColumns, type CellRenderers, type CellStyles } from './columns';

/** A history's times are long (date, 12-hour time and zone): they wrap in a narrow table, as text does. */
const WRAPPING_TIME: CellStyles = { created_at: () => ({}) };

/** What a history shown only with rows holds: nothing until its rows are in, so no heading flashes over none. */
function ShownWithRows({ children }: { children: ReactNode }) {
  const { isPending } = useListContext();
  return isPending ? null : children;
}

/** A column of a history that is no field of the registry: an action on the row. */
export interface HistoryAction {
  label: string;
  render: () => ReactNode;
}

/**
 * An order's history (Email, Download, Comment History) as a section of the order page: react-admin's
 * ReferenceManyField over `resource` for the order of the record context, in the registry's order (newest
 * first), its DataTable's columns from the registry's 'list' fields. `shown` are those a member sees at
 * first, in the old system's order; the registry's other list fields follow, hidden until the member shows them with
 * the Columns button at the section's title (kept in the preferences Store like every list's columns).
 * Narrow screens scroll the table sideways. `children` follow the table (a history's form).
 */
export function HistoryTable({
  resource,
  sectionTestId,
  testId,
  shown,
  renderers,
  styles,
  action,
  expand,
  sx,
  empty,
  queryOptions,
  children,
}: {
  resource: string;
  sectionTestId: string;
  testId: string;
  shown: readonly string[];
  renderers?: CellRenderers;
  styles?: CellStyles;
  action?: HistoryAction;
  expand?: ReactElement;
  sx?: object;
  empty: ReactElement | null;
  queryOptions?: ReferenceManyFieldProps['queryOptions'];
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const definition = useResourceDefinition(resource);
  if (!definition) return null;
  const fields = listFields(definition);
  const rest = fields.filter((field) => !shown.includes(field.source));
  const columns = [...shown.flatMap((source) => fields.filter((field) => field.source === source)), ...rest];
  const hidden = rest.map((field) => field.source);
  const storeKey = `${resource}.history.datatable`;
  const title = translate(`resources.${resource}.title`);
  // The section's heading and columns button are drawn with what it holds: a history shown only when it has
  // rows (`empty` null: Email History) leaves no heading over no table.
  const section = (content: ReactNode, pagination?: ReactNode) => (
    <Section
      title={title}
      testId={sectionTestId}
      actions={
        <ColumnsButton
          storeKey={storeKey}
          columns={action ? [...columns, { label: action.label }] : columns}
          hiddenByDefault={hidden}
        />
      }
    >
      {content}
      {pagination}
      {children}
    </Section>
  );
  const table = section(
    <ScrollRegion label={title}>
      <DataTable
        storeKey={storeKey}
        hiddenColumns={hidden}
        bulkActionButtons={false}
        rowClick={false}
        hover={false}
        expand={expand}
        sx={sx}
        data-testid={testId}
      >
        {registryColumns(columns, renderers, { ...WRAPPING_TIME, ...styles })}
        {action && <DataTable.Col label={action.label} disableSort render={action.render} />}
      </DataTable>
    </ScrollRegion>,
    <Pagination rowsPerPageOptions={[]} />,
  );
  return (
    <ReferenceManyField
      reference={resource}
      target="order_id"
      sort={definition.defaultSort}
      perPage={25}
      empty={empty && section(empty)}
      queryOptions={queryOptions}
    >
      {empty === null ? <ShownWithRows>{table}</ShownWithRows> : table}
    </ReferenceManyField>
  );
}
