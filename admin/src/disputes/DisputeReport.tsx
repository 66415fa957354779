import {
  DataTable,
  DateInput,
  ExportButton,
  List,
  SelectInput,
  TopToolbar,
  useRequireAccess,
  useTranslate,
  type Exporter,
} from 'react-admin';
import { dayjs } from '@app/domain';
import { downloadRowsAsCsv } from '../shared/csv';
import { listFields, registryColumns, useResourceDefinition } from '../registry';

const RESOURCE = 'dispute-report';
const GROUPS = ['month', 'gateway', 'network', 'reasonCode', 'nationality', 'evidence'];

/**
 * What disputes cost and what wins them: opened, won, lost, expired, amounts and the win rate per group
 * (month, gateway, network, reason code, nationality, evidence present) over a period, with CSV export.
 */
export default function DisputeReport() {
  useRequireAccess({ action: 'list', resource: RESOURCE });
  const translate = useTranslate();
  const definition = useResourceDefinition(RESOURCE);
  if (!definition) return null;
  const fields = listFields(definition).map((f) => ({ ...f, label: `resources.${RESOURCE}.fields.${f.source}` }));
  const exporter: Exporter = (rows) =>
    downloadRowsAsCsv(
      rows.map((row) => Object.fromEntries(fields.map((f) => [translate(f.label), row[f.source]]))),
      'dispute-report',
    );
  const label = (source: string) => `resources.${RESOURCE}.fields.${source}`;
  return (
    <List
      resource={RESOURCE}
      filters={[
        <DateInput key="from" source="from" label={label('from')} alwaysOn />,
        <DateInput key="to" source="to" label={label('to')} alwaysOn />,
        <SelectInput
          key="groupBy"
          source="groupBy"
          label={label('groupBy')}
          choices={GROUPS.map((id) => ({ id, name: id }))}
          alwaysOn
        />,
      ]}
      filterDefaultValues={{
        from: dayjs().startOf('month').format('YYYY-MM-DD'),
        to: dayjs().format('YYYY-MM-DD'),
        groupBy: 'month',
      }}
      sort={definition.defaultSort}
      perPage={100}
      exporter={exporter}
      actions={
        <TopToolbar>
          {/* Named even when disabled: on a phone react-admin draws it as an icon alone. */}
          <ExportButton aria-label={translate('ra.action.export')} />
        </TopToolbar>
      }
      empty={false}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        {registryColumns(fields)}
      </DataTable>
    </List>
  );
}
