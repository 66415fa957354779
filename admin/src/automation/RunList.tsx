import { DataTable, List, ReferenceField, useRecordContext, useTranslate } from 'react-admin';
import { ConfigurationTabs } from '../configuration/ConfigurationTabs';

interface RunRow {
  actions: Array<{ type: string; done: boolean; note?: string }>;
}

function DoneField() {
  const run = useRecordContext<RunRow>();
  const translate = useTranslate();
  const text = (a: RunRow['actions'][number]) =>
    `${translate(`resources.automation-rules.actions.types.${a.type}`)}${a.done ? '' : ' ✗'}${a.note ? ` (${a.note})` : ''}`;
  return <>{run?.actions.map(text).join(', ')}</>;
}

/** Configuration, Runs: each firing of a rule and each macro run, newest first, with what it did or why it failed. */
export function RunList() {
  const translate = useTranslate();
  return (
    <>
      <ConfigurationTabs current="automation-runs" />
      <List
        title={translate('resources.order-fields.title')}
        sort={{ field: 'id', order: 'DESC' }}
        exporter={false}
        empty={false}
      >
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="when" disableSort />
          <DataTable.Col source="rule" disableSort>
            <ReferenceField source="rule" reference="automation-rules" link={false} />
          </DataTable.Col>
          <DataTable.Col source="macro" disableSort>
            <ReferenceField source="macro" reference="macros" link={false} />
          </DataTable.Col>
          <DataTable.Col source="order" disableSort />
          <DataTable.Col source="actions" disableSort>
            <DoneField />
          </DataTable.Col>
          <DataTable.Col source="error" disableSort />
        </DataTable>
      </List>
    </>
  );
}
