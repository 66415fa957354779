import { Create, useNotify, useRedirect } from 'react-admin';
import { fieldRecordOf, OrderFieldForm } from './OrderFieldForm';
import { ConfigurationTabs } from './ConfigurationTabs';

/** Configuration: adds a custom order field, then back to the list. */
export default function OrderFieldCreate() {
  const notify = useNotify();
  // A mutation's own onSuccess replaces react-admin's (notify and redirect): it goes back to the list itself.
  const redirect = useRedirect();
  return (
    <>
      <ConfigurationTabs current="order-fields" />
      <Create
        title="resources.order-fields.createTitle"
        transform={fieldRecordOf}
        mutationOptions={{
          onSuccess: (field) => {
            notify('resources.order-fields.notify.created', { type: 'success', messageArgs: { id: String(field.id) } });
            redirect('list', 'order-fields');
          },
        }}
      >
        <OrderFieldForm adding />
      </Create>
    </>
  );
}
