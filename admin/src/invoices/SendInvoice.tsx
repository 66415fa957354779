import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Card, CardContent, Stack } from '@mui/material';
import {
  Form,
  minLength,
  regex,
  required,
  SaveButton,
  TextInput,
  Title,
  useDataProvider,
  useNotify,
  useRequireAccess,
  useTranslate,
} from 'react-admin';
import { INVOICE_ORDER_ID_MIN_LENGTH } from '@app/domain';
import type { AppDataProvider } from '../providers/dataProvider';

/** Required, at least 6 characters; and digits, as order ids are. */
const validateOrderId = [
  required('app.validation.invoiceOrderIdRequired'),
  minLength(INVOICE_ORDER_ID_MIN_LENGTH, 'app.validation.invoiceOrderIdMin'),
  regex(/^\d+$/, 'app.invoices.badOrderId'),
];

/**
 * Send Invoice (/admin/send-invoice): mails the order's invoice to the customer. The view of the
 * `send-invoice` resource; no react-admin controller reads it, so it asks for access itself.
 */
export default function SendInvoice() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const access = useRequireAccess({ resource: 'send-invoice', action: 'list' });
  // Each invoice sent gives an empty form for the next one.
  const [round, setRound] = useState(0);
  const send = useMutation({
    mutationFn: (orderId: number) => dataProvider.sendInvoice(orderId),
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      setRound((count) => count + 1);
    },
    onError: (failure: Error) => notify(failure.message, { type: 'error' }),
  });
  if (access.isPending) return null;
  return (
    <Card>
      <Title title={translate('app.invoices.title')} preferenceKey={false} />
      <CardContent>
        <Form
          key={round}
          disableInvalidFormNotification
          onSubmit={(values: Record<string, unknown>) => send.mutate(Number(values.orderId))}
        >
          <Stack sx={{ maxWidth: 420 }}>
            <TextInput
              source="orderId"
              label="app.invoices.orderId"
              validate={validateOrderId}
              parse={(value: string) => value.trim()}
              inputProps={{ inputMode: 'numeric' }}
            />
            <SaveButton
              label="app.invoices.submit"
              icon={<></>}
              alwaysEnable
              sx={{ alignSelf: 'flex-start' }}
              disabled={send.isPending}
            />
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}
