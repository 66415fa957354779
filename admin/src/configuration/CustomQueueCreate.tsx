import { Create, useNotify, useRedirect } from 'react-admin';
import { CustomQueueForm, queueRecordOf, type CustomQueueFormValues } from './CustomQueueForm';
import { ConfigurationTabs } from './ConfigurationTabs';

/** Configuration: adds a custom queue (it shows in the sidebar of the roles given), then back to the list. */
export default function CustomQueueCreate() {
  const notify = useNotify();
  // A mutation's own onSuccess replaces react-admin's (notify and redirect): it goes back to the list itself.
  const redirect = useRedirect();
  return (
    <>
      <ConfigurationTabs current="custom-queues" />
      <Create
        title="resources.custom-queues.createTitle"
        transform={(values: CustomQueueFormValues) => queueRecordOf(values)}
        mutationOptions={{
          onSuccess: (queue) => {
            notify('resources.custom-queues.notify.created', {
              type: 'success',
              messageArgs: { name: String(queue.name) },
            });
            redirect('list', 'custom-queues');
          },
        }}
      >
        <CustomQueueForm adding />
      </Create>
    </>
  );
}
