import { useState, type FormEvent } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useOrderMutation } from './useOrderMutation';
import type { OrderDetails } from './types';

interface Errors {
  transactionId?: string;
  merchantName?: string;
}

/** Enter Transaction Details (SPEC sections 2 and 5): what the defence packs print on their cover. */
export function TransactionDetailsDialog({
  order,
  open,
  onClose,
  onSaved,
}: {
  order: OrderDetails;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const [transactionId, setTransactionId] = useState(order.transaction_id ?? '');
  const [merchantName, setMerchantName] = useState(order.merchant_name ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useOrderMutation(
    (dataProvider) =>
      dataProvider.saveDefencePackDetails({
        orderId: order.order_id,
        transactionId: transactionId.trim(),
        merchantName: merchantName.trim(),
      }),
    {
      onDone: () => {
        onSaved();
        onClose();
      },
    },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!transactionId.trim()) next.transactionId = translate('app.validation.transactionIdRequired');
    if (!merchantName.trim()) next.merchantName = translate('app.validation.merchantNameRequired');
    setErrors(next);
    if (!Object.keys(next).length) mutation.mutate(undefined);
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth transitionDuration={300}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>{translate('app.order.transaction.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 1, pt: '8px !important' }}>
          <TextField
            label={translate('app.order.fields.transactionId')}
            value={transactionId}
            onChange={(event) => setTransactionId(event.target.value)}
            error={!!errors.transactionId}
            helperText={errors.transactionId || ' '}
          />
          <TextField
            label={translate('app.order.fields.merchantName')}
            value={merchantName}
            onChange={(event) => setMerchantName(event.target.value)}
            error={!!errors.merchantName}
            helperText={errors.merchantName || ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
