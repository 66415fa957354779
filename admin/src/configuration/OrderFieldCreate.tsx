import { Create, useNotify } from 'react-admin';
import { OrderFieldForm } from './OrderFieldForm';
import { ConfigurationTabs } from './ConfigurationTabs';

/** Configuration: adds a custom order field, then back to the list. */
export default function OrderFieldCreate() {
  const notify = useNotify();
  return (
    <>
      <ConfigurationTabs current="order-fields" />
      <Create
        title="resources.order-fields.createTitle"
        redirect="list"
        mutationOptions={{
          onSuccess: (field: { id: string }) =>
            notify('resources.order-fields.notify.created', { type: 'success', messageArgs: { id: field.id } }),
        }}
      >
        <OrderFieldForm adding />
      </Create>
    </>
  );
}
