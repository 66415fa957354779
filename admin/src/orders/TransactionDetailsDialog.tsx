import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, required, SaveButton, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { useOrderCall } from '../providers/useOrderCall';

interface TransactionValues {
  transaction_id: string;
  merchant_name: string;
}

/** Enter Transaction Details: what the defence packs print on their cover. */
export function TransactionDetailsDialog({ onClose }: { onClose: () => void }) {
  const order = useRecordContext()!;
  const translate = useTranslate();
  const call = useOrderCall(
    (dataProvider, values: TransactionValues) =>
      dataProvider.saveDefencePackDetails({
        orderId: Number(order.id),
        transactionId: values.transaction_id.trim(),
        merchantName: values.merchant_name.trim(),
      }),
    { onDone: onClose },
  );
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth transitionDuration={300}>
      <Form
        noValidate
        record={{ transaction_id: order.transaction_id ?? '', merchant_name: order.merchant_name ?? '' }}
        onSubmit={(values: Record<string, unknown>) => call.mutate(values as unknown as TransactionValues)}
      >
        <DialogTitle>{translate('resources.orders.transaction.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', pt: '8px !important' }}>
          <TextInput source="transaction_id" validate={required('app.validation.transactionIdRequired')} />
          <TextInput source="merchant_name" validate={required('app.validation.merchantNameRequired')} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <SaveButton alwaysEnable disabled={call.isPending} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
