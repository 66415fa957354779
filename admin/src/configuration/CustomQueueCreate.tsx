import { Create, useNotify } from 'react-admin';
import { CustomQueueForm, queueRecordOf, type CustomQueueFormValues } from './CustomQueueForm';
import { ConfigurationTabs } from './ConfigurationTabs';

/** Configuration: adds a custom queue (it shows in the sidebar of the roles given), then back to the list. */
export default function CustomQueueCreate() {
  const notify = useNotify();
  return (
    <>
      <ConfigurationTabs current="custom-queues" />
      <Create
        title="resources.custom-queues.createTitle"
        redirect="list"
        transform={(values: CustomQueueFormValues) => queueRecordOf(values)}
        mutationOptions={{
          onSuccess: (queue) =>
            notify('resources.custom-queues.notify.created', {
              type: 'success',
              messageArgs: { name: String(queue.name) },
            }),
        }}
      >
        <CustomQueueForm adding />
      </Create>
    </>
  );
}
