import { useState } from 'react';
import {
  CheckboxGroupInput,
  CreateBase,
  Form,
  SaveButton,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useClosableNotify } from '../shared/useClosableNotify';
import { fieldLabel, formInputs, Section, useResourceDefinition } from '../registry';
import { remarkFlags } from './CommentHistory';

/**
 * Add Comment Below: a `remarks` create whose inputs and validators are the
 * registry's 'form' fields: the remark required, and the flags (its boolean fields) one row of ticks, as
 * The old system draws them, each sent as true or false. The order is the page's, and the author the signed-in
 * member (the API reads it from the token).
 */
export function AddComment() {
  const order = useRecordContext()!;
  const translate = useTranslate();
  const notify = useClosableNotify();
  const refresh = useRefresh();
  const definition = useResourceDefinition('remarks');
  // A new form after each comment, empty again.
  const [formKey, setFormKey] = useState(0);
  if (!definition) return null;
  const flags = remarkFlags(definition);
  const flagChoices = definition.fields
    .filter((field) => flags.includes(field.source))
    .map((field) => ({ id: field.source, name: fieldLabel(definition, field) }));
  return (
    <Section title={translate('resources.remarks.add')} testId="section-addComment">
      <CreateBase
        resource="remarks"
        redirect={false}
        transform={({ flags: ticked = [], ...values }: Record<string, unknown> & { flags?: string[] }) => ({
          ...values,
          ...Object.fromEntries(flags.map((flag) => [flag, ticked.includes(flag)])),
          order_id: order.id,
          remark: String(values.remark ?? '').trim(),
        })}
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
          {formInputs(definition, 'create', { remark: { multiline: true, minRows: 3, fullWidth: true } }, [
            'order_id',
            ...flags,
          ])}
          <CheckboxGroupInput source="flags" label={false} choices={flagChoices} helperText={false} />
          <SaveButton label="resources.remarks.add_button" alwaysEnable sx={{ mt: 1 }} />
        </Form>
      </CreateBase>
    </Section>
  );
}
