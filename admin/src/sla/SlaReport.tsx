import { DataTable, DateInput, List, SelectInput, useRecordContext, useRequireAccess } from 'react-admin';
import { dayjs, formatAge } from '@app/domain';
import { ScrollRegion } from '../shared/ScrollRegion';
import { useSlaText } from './useSlaText';

const RESOURCE = 'sla-report';
const GROUPS = ['queue', 'member', 'week'];

function AverageField() {
  const row = useRecordContext<{ averageFinishMinutes: number | null }>();
  return <>{formatAge(row?.averageFinishMinutes ?? null)}</>;
}

/** SLA breaches and time to finish per queue, member or week, over a period (GET /api/sla-report). */
export function SlaReport() {
  useRequireAccess({ action: 'list', resource: RESOURCE });
  const text = useSlaText();
  const label = (field: string) => text(`${RESOURCE}.fields.${field}`);
  return (
    <List
      resource={RESOURCE}
      title={text(`${RESOURCE}.name`)}
      filters={[
        <DateInput key="from" source="from" label={label('from')} alwaysOn />,
        <DateInput key="to" source="to" label={label('to')} alwaysOn />,
        <SelectInput
          key="by"
          source="by"
          label={label('by')}
          choices={GROUPS.map((id) => ({ id, name: text(`${RESOURCE}.by.${id}`) }))}
          translateChoice={false}
          alwaysOn
        />,
      ]}
      filterDefaultValues={{
        from: dayjs().subtract(27, 'day').format('YYYY-MM-DD'),
        to: dayjs().format('YYYY-MM-DD'),
        by: 'queue',
      }}
      sort={{ field: 'group', order: 'ASC' }}
      perPage={100}
      pagination={false}
      exporter={false}
      empty={false}
    >
      {/* Nothing in the table takes focus: the region around it does, so the keyboard can scroll it on a phone. */}
      <ScrollRegion label={text(`${RESOURCE}.name`)}>
        <DataTable
          bulkActionButtons={false}
          rowClick={false}
          data-testid="sla-report"
          sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'visible' } }}
        >
          <DataTable.Col source="group" label={label('group')} disableSort />
          <DataTable.NumberCol source="breaches" label={label('breaches')} disableSort />
          <DataTable.NumberCol source="finished" label={label('finished')} disableSort />
          <DataTable.NumberCol source="finishedLate" label={label('finishedLate')} disableSort />
          <DataTable.Col source="averageFinishMinutes" label={label('averageFinishMinutes')} disableSort>
            <AverageField />
          </DataTable.Col>
        </DataTable>
      </ScrollRegion>
    </List>
  );
}
