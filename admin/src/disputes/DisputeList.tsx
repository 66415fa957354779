import {
  DataTable,
  List,
  SelectInput,
  useCreatePath,
  useRequireAccess,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { DISPUTE_CATEGORIES, DISPUTE_NETWORKS, DISPUTE_STATUSES } from '@app/domain';
import { listFields, registryColumns, useResourceDefinition } from '../registry';

const choices = (values: readonly string[]) => values.map((id) => ({ id, name: id }));

/**
 * The desk's lists: every dispute newest first (`disputes`), or the Disputes due (`disputes-due`: those
 * waiting for an answer, by deadline, with the days left); columns from the registry.
 */
export default function DisputeList() {
  const resource = useResourceContext()!;
  const translate = useTranslate();
  const createPath = useCreatePath();
  useRequireAccess({ action: 'list', resource });
  const definition = useResourceDefinition('disputes');
  if (!definition) return null;
  const due = resource === 'disputes-due';
  const label = (source: string) => `resources.disputes.fields.${source}`;
  const filters = [
    ...(due
      ? []
      : [
          <SelectInput
            key="status"
            source="status"
            label={label('status')}
            choices={choices(DISPUTE_STATUSES)}
            alwaysOn
          />,
        ]),
    <SelectInput key="network" source="network" label={label('network')} choices={choices(DISPUTE_NETWORKS)} />,
    <SelectInput
      key="reasonCategory"
      source="reasonCategory"
      label={label('reasonCategory')}
      choices={choices(DISPUTE_CATEGORIES)}
    />,
  ];
  return (
    <List
      resource={resource}
      title={translate(`resources.${resource}.menu`)}
      sort={due ? { field: 'dueBy', order: 'ASC' } : definition.defaultSort}
      filters={filters}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <DataTable bulkActionButtons={false} rowClick={(id) => createPath({ resource: 'disputes', id, type: 'show' })}>
        {registryColumns(listFields(definition).map((f) => ({ ...f, label: label(f.source) })))}
      </DataTable>
    </List>
  );
}
