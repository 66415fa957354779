import {
  DeleteWithConfirmButton,
  Edit,
  SaveButton,
  Toolbar,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { CustomQueueForm, queueRecordOf, type CustomQueueFormValues } from './CustomQueueForm';
import { ConfigurationTabs } from './ConfigurationTabs';
import type { CustomQueueRow } from './records';

const T = 'resources.custom-queues';

function QueueToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton mutationMode="pessimistic" />
    </Toolbar>
  );
}

function EditTitle() {
  const queue = useRecordContext<CustomQueueRow>();
  const translate = useTranslate();
  return <>{translate(`${T}.editTitle`, { name: queue?.name ?? '' })}</>;
}

/** Configuration: a custom queue's name, statuses, filter, roles, icon and place; or its deletion. */
export default function CustomQueueEdit() {
  const notify = useNotify();
  return (
    <>
      <ConfigurationTabs current="custom-queues" />
      <Edit
        title={<EditTitle />}
        actions={false}
        mutationMode="pessimistic"
        redirect="list"
        transform={(values: CustomQueueFormValues) => queueRecordOf(values)}
        mutationOptions={{
          onSuccess: (queue) =>
            notify(`${T}.notify.updated`, { type: 'success', messageArgs: { name: String(queue.name) } }),
        }}
      >
        <CustomQueueForm toolbar={<QueueToolbar />} />
      </Edit>
    </>
  );
}
