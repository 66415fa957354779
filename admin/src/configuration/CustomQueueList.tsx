import { ChipField, CreateButton, DataTable, List, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { Box, Chip } from '@mui/material';
import { statusLabel } from '@app/domain';
import { ConfigurationTabs } from './ConfigurationTabs';
import type { CustomQueueRow } from './rows';

/** A queue's statuses and filter conditions, as chips. */
function QueueRule() {
  const queue = useRecordContext<CustomQueueRow>();
  if (!queue) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {queue.statuses.map((status) => (
        <Chip key={status} size="small" label={statusLabel(status)} />
      ))}
      {Object.entries(queue.filter ?? {}).map(([key, value]) => (
        <Chip key={key} size="small" variant="outlined" label={`${key} = ${String(value)}`} />
      ))}
    </Box>
  );
}

function QueueRoles() {
  const queue = useRecordContext<CustomQueueRow>();
  return queue ? <>{queue.roles.join(', ')}</> : null;
}

/** Configuration, Custom queues: each queue's statuses, filter and roles; a row opens its Edit. */
export default function CustomQueueList() {
  const translate = useTranslate();
  return (
    <>
      <ConfigurationTabs current="custom-queues" />
      <List
        title={translate('resources.order-fields.title')}
        sort={{ field: 'position', order: 'ASC' }}
        perPage={50}
        pagination={false}
        actions={
          <TopToolbar>
            <CreateButton />
          </TopToolbar>
        }
        exporter={false}
        empty={false}
      >
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="name">
            <ChipField source="name" variant="outlined" />
          </DataTable.Col>
          <DataTable.Col source="id" />
          <DataTable.Col source="filter" disableSort>
            <QueueRule />
          </DataTable.Col>
          <DataTable.Col source="roles" disableSort>
            <QueueRoles />
          </DataTable.Col>
          <DataTable.Col source="position" />
        </DataTable>
      </List>
    </>
  );
}
