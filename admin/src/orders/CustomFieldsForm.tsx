import { Box } from '@mui/material';
import {
  Form,
  SaveButton,
  usePermissions,
  useRecordContext,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import type { FieldDefinition } from '@app/domain';
import { byPosition, inputFor, Section, useResourceDefinition } from '../registry';
import { useClosableNotify } from '../shared/useClosableNotify';

/** The order fields the member's role may change (a custom field's editRoles), in page order. */
function useEditableFields(): FieldDefinition[] {
  const definition = useResourceDefinition('orders');
  const { permissions: role } = usePermissions<string>();
  if (!definition || !role) return [];
  return byPosition(definition.fields.filter((field) => field.editRoles?.includes(role as never)));
}

/** A value as the API takes it: an emptied input clears the value. */
const sent = (value: unknown) => (value === '' || value === undefined ? null : value);

/**
 * The order page's edit form of the fields the member may change: react-admin inputs with the field's
 * validators (required, limits, pattern, choices), saved through the data provider's update
 * (PUT /api/orders/{id} with the changed values and the version the member saw). A stale order is
 * refused by the server (409) with its message, as the page's other changes are.
 */
export function CustomFieldsForm() {
  const order = useRecordContext<RaRecord>();
  const fields = useEditableFields();
  const translate = useTranslate();
  const notify = useClosableNotify();
  const [update, { isPending }] = useUpdate();
  if (!order || !fields.length) return null;
  const submit = (values: Record<string, unknown>) => {
    const changed = Object.fromEntries(
      fields
        .filter((field) => sent(values[field.source]) !== sent(order[field.source]))
        .map((field) => [field.source, sent(values[field.source])]),
    );
    if (!Object.keys(changed).length) return;
    update(
      'orders',
      { id: order.id, data: changed, previousData: order },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(translate('resources.orders.customFields.saved')),
        onError: (error) => notify((error as Error).message, 'error'),
      },
    );
  };
  return (
    <Section title={translate('resources.orders.customFields.title')} testId="custom-fields-form">
      <Form record={order} onSubmit={submit} noValidate>
        <Box
          sx={{
            display: 'grid',
            columnGap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(260px, 100%), 1fr))',
            alignItems: 'start',
          }}
        >
          {fields.map((field) => inputFor(field, { fullWidth: true }))}
        </Box>
        <SaveButton
          label="resources.orders.customFields.save"
          disabled={isPending}
          alwaysEnable={!isPending}
          data-testid="custom-fields-save"
        />
      </Form>
    </Section>
  );
}
