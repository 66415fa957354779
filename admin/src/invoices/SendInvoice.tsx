import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, TextField } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { INVOICE_ORDER_ID_MIN_LENGTH } from '@app/domain';
import type { AppDataProvider } from '../providers/dataProvider';
import { ScreenHeader } from '../layout/ScreenHeader';
import { useTabTitle } from '../layout/useTabTitle';
import { RequirePermission } from '../layout/RequirePermission';

/** SPEC section 5: required, at least 6 characters; and digits, as order ids are. */
function orderIdProblem(orderId: string): string {
  if (!orderId) return 'app.validation.invoiceOrderIdRequired';
  if (orderId.length < INVOICE_ORDER_ID_MIN_LENGTH) return 'app.validation.invoiceOrderIdMin';
  return /^\d+$/.test(orderId) ? '' : 'app.invoices.badOrderId';
}

/** Send Invoice (/admin/send-invoice, SPEC section 2): mails the order's invoice to the customer. */
export default function SendInvoice() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  useTabTitle();
  const [orderId, setOrderId] = useState('');
  const [error, setError] = useState('');
  const send = useMutation({
    mutationFn: (id: number) => dataProvider.sendInvoice(id),
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      setOrderId('');
    },
    onError: (failure: Error) => notify(failure.message, { type: 'error' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = orderId.trim();
    const problem = orderIdProblem(trimmed);
    setError(problem && translate(problem));
    if (!problem) send.mutate(Number(trimmed));
  };
  return (
    <RequirePermission permission="invoices.send">
      <ScreenHeader title={translate('app.invoices.title')} />
      <Card>
        <CardContent>
          <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
            <TextField
              label={translate('app.invoices.orderId')}
              value={orderId}
              onChange={(event) => setOrderId(event.target.value)}
              error={!!error}
              helperText={error || ' '}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={send.isPending}>
                {translate('app.invoices.submit')}
              </Button>
            </Box>
          </Box>
        </CardContent>
      </Card>
    </RequirePermission>
  );
}
