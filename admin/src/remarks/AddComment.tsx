import { useState } from 'react';
import { Box } from '@mui/material';
import { CreateBase, Form, SaveButton, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useClosableNotify } from '../layout/useClosableNotify';
import { formInputs, Section, useResourceDefinition, type ResourceFields } from '../registry';
import { remarkFlags } from './CommentHistory';

/** The flags sit side by side, without the room a helper text would take under each. */
const flagProps = (definition: ResourceFields) =>
  Object.fromEntries(remarkFlags(definition).map((flag) => [flag, { helperText: false }]));

/**
 * Add Comment Below (SPEC sections 2 and 5): a `remarks` create whose inputs and validators are the
 * registry's 'form' fields (the remark required, the flags optional); the order is the page's, and the
 * author the signed-in member (the API reads it from the token).
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
  return (
    <Section title={translate('resources.remarks.add')} testId="section-addComment">
      <CreateBase
        resource="remarks"
        redirect={false}
        // An unticked flag is false, and the remark is sent trimmed.
        transform={(values: Record<string, unknown>) => ({
          ...values,
          ...Object.fromEntries(remarkFlags(definition).map((flag) => [flag, !!values[flag]])),
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
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
            {formInputs(
              definition,
              'create',
              { remark: { multiline: true, minRows: 3, fullWidth: true }, ...flagProps(definition) },
              ['order_id'],
            )}
          </Box>
          <SaveButton label="resources.remarks.add_button" alwaysEnable sx={{ mt: 1 }} />
        </Form>
      </CreateBase>
    </Section>
  );
}
