import { useState } from 'react';
import {
  CheckboxGroupInput,
  CreateBase,
  Form,
  required,
  SaveButton,
  TextInput,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useClosableNotify } from '../layout/useClosableNotify';
import { Section } from '../registry';
import { REMARK_FLAGS } from './CommentHistory';

const FLAG_CHOICES = REMARK_FLAGS.map((flag) => ({ id: flag, name: `resources.remarks.fields.${flag}` }));

/** The form's ticked flags become the six booleans of a remark. */
const toRemark = (orderId: unknown) => (values: Record<string, unknown>) => {
  const ticked = (values.flags as string[] | undefined) ?? [];
  return {
    order_id: orderId,
    remark: String(values.remark ?? '').trim(),
    ...Object.fromEntries(REMARK_FLAGS.map((flag) => [flag, ticked.includes(flag)])),
  };
};

/**
 * Add Comment Below (SPEC sections 2 and 5): a `remarks` create with the remark required and the six
 * flags optional; the author is the signed-in member (the API reads it from the token).
 */
export function AddComment() {
  const order = useRecordContext()!;
  const translate = useTranslate();
  const notify = useClosableNotify();
  const refresh = useRefresh();
  // A new form after each comment, empty again.
  const [formKey, setFormKey] = useState(0);
  return (
    <Section title={translate('resources.remarks.add')} testId="section-addComment">
      <CreateBase
        resource="remarks"
        redirect={false}
        transform={toRemark(order.id)}
        mutationOptions={{
          onSuccess: () => {
            notify(translate('resources.remarks.added'));
            setFormKey((key) => key + 1);
            refresh();
          },
          onError: (error) => notify((error as Error).message, 'error'),
        }}
      >
        <Form key={formKey} noValidate>
          <TextInput
            source="remark"
            multiline
            minRows={3}
            fullWidth
            validate={required('app.validation.remarkRequired')}
          />
          <CheckboxGroupInput source="flags" label={false} choices={FLAG_CHOICES} helperText={false} />
          <SaveButton label="resources.remarks.add_button" alwaysEnable sx={{ mt: 1 }} />
        </Form>
      </CreateBase>
    </Section>
  );
}
