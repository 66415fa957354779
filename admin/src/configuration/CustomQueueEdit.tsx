import {
  DeleteWithConfirmButton,
  Edit,
  SaveButton,
  Toolbar,
  useNotify,
  useRedirect,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { CustomQueueForm, queueRecordOf, type CustomQueueFormValues } from './CustomQueueForm';
import { ConfigurationTabs } from './ConfigurationTabs';
import type { CustomQueueRow } from './rows';

const T = 'resources.custom-queues';

function QueueToolbar() {
  const queue = useRecordContext<CustomQueueRow>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton
        mutationMode="pessimistic"
        confirmTitle={`${T}.confirmDelete.title`}
        confirmContent={`${T}.confirmDelete.content`}
        titleTranslateOptions={{ name: queue?.name ?? '' }}
        contentTranslateOptions={{ name: queue?.name ?? '' }}
      />
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
  // A mutation's own onSuccess replaces react-admin's (notify and redirect): it goes back to the list itself.
  const redirect = useRedirect();
  return (
    <>
      <ConfigurationTabs current="custom-queues" />
      <Edit
        title={<EditTitle />}
        actions={false}
        mutationMode="pessimistic"
        transform={(values: CustomQueueFormValues) => queueRecordOf(values)}
        mutationOptions={{
          onSuccess: (queue) => {
            notify(`${T}.notify.updated`, { type: 'success', messageArgs: { name: String(queue.name) } });
            redirect('list', 'custom-queues');
          },
        }}
      >
        <CustomQueueForm toolbar={<QueueToolbar />} />
      </Edit>
    </>
  );
}
