import { useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent } from '@mui/material';
import EmailIcon from '@mui/icons-material/Email';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, usePermissions, useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { can, DEFENCE_PACK_STATUSES, MOVE_TARGETS, statusLabel, type Status } from '@app/domain';
import { ConfirmedActionButton } from '../queues/actions';
import { readStoredUser } from '../providers/session';
import { DefencePackButtons } from '../evidence/DefencePackButtons';
import { useStickyNotify } from '../layout/useStickyNotify';
import { EmailContentDialog } from './EmailContentDialog';
import { TransactionDetailsDialog } from './TransactionDetailsDialog';

/**
 * A move to one of SPEC section 4's targets: react-admin's update of the order's process_status (the
 * data provider sends it to change-order-status), with the server's answer in a toast that stays.
 * Delete asks first.
 */
function MoveButton({ status, label }: { status: Status; label: string }) {
  const order = useRecordContext()!;
  const translate = useTranslate();
  const notify = useStickyNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  const [confirming, setConfirming] = useState(false);
  const isDelete = status === 'Deleted';
  const move = () =>
    update(
      'orders',
      { id: order.id, data: { process_status: status }, previousData: order },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(translate('resources.orders.notify.moved', { status: statusLabel(status) })),
        onError: (error) => notify((error as Error).message, 'error'),
        onSettled: () => {
          setConfirming(false);
          refresh();
        },
      },
    );
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        color={isDelete ? 'error' : 'primary'}
        startIcon={isDelete ? <DeleteIcon /> : <DriveFileMoveIcon />}
        disabled={isPending}
        onClick={() => (isDelete ? setConfirming(true) : move())}
        data-testid={`move-${status}`}
      >
        {translate(label, { _: label })}
      </Button>
      {isDelete && (
        <Confirm
          isOpen={confirming}
          loading={isPending}
          title="app.confirm.title"
          content="app.confirm.delete"
          confirmColor="warning"
          onConfirm={move}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}

/**
 * The action bar of the order page (SPEC sections 2 and 4): View Email Content, Assign to me or Move to
 * Original Folder, the moves to the eight targets but the current status (Delete only for roles that may
 * delete), and for disputed orders the defence packs and their transaction details. `children` is a
 * slot for more actions.
 */
export function OrderActions({ children }: { children?: ReactNode }) {
  const order = useRecordContext()!;
  const translate = useTranslate();
  const { permissions: role } = usePermissions<string>();
  const [dialog, setDialog] = useState<'email' | 'transaction' | null>(null);
  const close = () => setDialog(null);
  const status = order.process_status as Status;
  const heldByMe = order.assignee_id != null && order.assignee_id === readStoredUser()?.id;
  const targets = MOVE_TARGETS.filter(
    (target) => target.status !== status && (target.status !== 'Deleted' || can(role, 'orders.delete')),
  );
  const hold = order.assignee_id == null && status !== 'Deleted' ? 'assign' : heldByMe ? 'unassign' : null;
  return (
    <Card sx={{ mb: 2 }} data-testid="order-actions">
      <CardContent component={Box} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" size="small" startIcon={<EmailIcon />} onClick={() => setDialog('email')}>
          {translate('resources.orders.actions.viewEmailContent')}
        </Button>
        {hold && <ConfirmedActionButton action={hold} ids={[order.id]} variant="outlined" />}
        {targets.map((target) => (
          <MoveButton key={target.status} status={target.status} label={`resources.orders.moves.${target.status}`} />
        ))}
        {DEFENCE_PACK_STATUSES.includes(status) && (
          <>
            <DefencePackButtons orderId={Number(order.id)} />
            <Button
              variant="outlined"
              size="small"
              startIcon={<ReceiptLongIcon />}
              onClick={() => setDialog('transaction')}
              data-testid="transaction-details"
            >
              {translate('resources.orders.actions.transactionDetails')}
            </Button>
          </>
        )}
        {children}
      </CardContent>
      {dialog === 'email' && <EmailContentDialog onClose={close} />}
      {dialog === 'transaction' && <TransactionDetailsDialog onClose={close} />}
    </Card>
  );
}
