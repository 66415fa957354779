import { useState } from 'react';
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { CreateBase, SaveButton, Toolbar, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { disputeBody, DisputeForm } from './DisputeForm';
import { useDisputeTexts } from './texts';

/**
 * The order page's move to ChargeBack for those who open disputes: it asks the network, reason code,
 * amount and due date, and opening the dispute moves the order (one request, POST /api/disputes).
 */
export default function OpenDisputeDialog({ onClose }: { onClose: () => void }) {
  const order = useRecordContext()!;
  const notify = useNotify();
  const refresh = useRefresh();
  const { texts, fill } = useDisputeTexts();
  // Kept as first made: a new record object would reset the form (and the due date filled in).
  const [record] = useState(() => ({
    network: 'visa',
    amount: order.amount ?? undefined,
    currency: order.currency ?? undefined,
  }));
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{fill(texts.openTitle, { orderId: String(order.id) })}</DialogTitle>
      <DialogContent data-testid="open-dispute">
        <CreateBase
          resource="disputes"
          record={record}
          transform={(data) => ({ ...disputeBody(data), orderId: Number(order.id) })}
          redirect={false}
          mutationOptions={{
            onSuccess: () => {
              notify('resources.orders.notify.moved', { messageArgs: { status: 'ChargeBack' } });
              onClose();
              refresh();
            },
            onError: (error) => notify((error as Error).message, { type: 'error' }),
          }}
        >
          <DisputeForm
            mode="create"
            given={['orderId']}
            record={record}
            toolbar={
              <Toolbar>
                <SaveButton label={texts.open} icon={<></>} alwaysEnable data-testid="open-dispute-save" />
              </Toolbar>
            }
          />
        </CreateBase>
      </DialogContent>
    </Dialog>
  );
}
