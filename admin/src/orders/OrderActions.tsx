import { useState } from 'react';
import { Button, Card, CardContent } from '@mui/material';
import EmailIcon from '@mui/icons-material/Email';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import DeleteIcon from '@mui/icons-material/Delete';
import { usePermissions, useTranslate } from 'react-admin';
import { can, DEFENCE_PACK_STATUSES, MOVE_TARGETS } from '@app/domain';
import { QUEUE_ACTIONS } from '../queues/actions';
import { readStoredUser } from '../providers/session';
import { DefencePackButtons } from '../evidence/DefencePackButtons';
import { ActionButton } from './ActionButton';
import { EmailContentDialog } from './EmailContentDialog';
import { TransactionDetailsDialog } from './TransactionDetailsDialog';
import type { OrderDetails } from './types';

/**
 * The action bar of the order page (SPEC sections 2 and 4): View Email Content, the moves to the
 * eight targets but the current status (Delete only for roles that may delete), Assign to me or
 * Move to Original Folder, and for disputed orders the defence packs and their transaction details.
 */
export function OrderActions({ order, onChanged }: { order: OrderDetails; onChanged: () => void }) {
  const translate = useTranslate();
  const { permissions: role } = usePermissions<string>();
  const [dialog, setDialog] = useState<'email' | 'transaction' | null>(null);
  const close = () => setDialog(null);
  const ids = [order.order_id];
  const heldByMe = order.assignee_id != null && order.assignee_id === readStoredUser()?.id;
  const targets = MOVE_TARGETS.filter(
    (target) => target.status !== order.process_status && (target.status !== 'Deleted' || can(role, 'orders.delete')),
  );
  const holdAction =
    order.assignee_id == null && order.process_status !== 'Deleted' ? 'assign' : heldByMe ? 'unassign' : null;
  const hold = holdAction && QUEUE_ACTIONS[holdAction];
  return (
    <Card sx={{ mb: 2 }} data-testid="order-actions">
      <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" size="small" startIcon={<EmailIcon />} onClick={() => setDialog('email')}>
          {translate('app.order.actions.viewEmailContent')}
        </Button>
        {hold && (
          <ActionButton
            label={hold.label}
            icon={hold.icon}
            confirm={hold.confirm}
            run={(dataProvider) => hold.run(dataProvider, ids)}
            success={hold.success}
            onDone={onChanged}
            testId={`order-${holdAction}`}
          />
        )}
        {targets.map((target) => (
          <ActionButton
            key={target.status}
            label={`app.order.moves.${target.status}`}
            icon={target.status === 'Deleted' ? <DeleteIcon /> : <DriveFileMoveIcon />}
            color={target.status === 'Deleted' ? 'error' : 'primary'}
            confirm={target.status === 'Deleted' ? 'app.confirm.delete' : undefined}
            run={(dataProvider) => dataProvider.moveOrders(ids, target.status)}
            onDone={onChanged}
            testId={`move-${target.status}`}
          />
        ))}
        {DEFENCE_PACK_STATUSES.includes(order.process_status) && (
          <>
            <DefencePackButtons orderId={order.order_id} />
            <Button
              variant="outlined"
              size="small"
              startIcon={<ReceiptLongIcon />}
              onClick={() => setDialog('transaction')}
              data-testid="transaction-details"
            >
              {translate('app.order.actions.transactionDetails')}
            </Button>
          </>
        )}
      </CardContent>
      {dialog === 'email' && <EmailContentDialog order={order} open onClose={close} />}
      {dialog === 'transaction' && <TransactionDetailsDialog order={order} open onClose={close} onSaved={onChanged} />}
    </Card>
  );
}
