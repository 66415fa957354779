import { useState, type ReactElement, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Tooltip } from '@mui/material';
import EmailIcon from '@mui/icons-material/Email';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import DeleteIcon from '@mui/icons-material/Delete';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import { Confirm, usePermissions, useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import {
  can,
  DEFENCE_PACK_STATUSES,
  MOVE_TARGETS,
  moveRefusal,
  restoreRefusal,
  statusLabel,
  type OrderActor,
  type OrderRefusal,
  type OrderRuleFacts,
  type Status,
} from '@app/domain';
import { apiCall } from '../providers/httpClient';
import { ConfirmedActionButton } from '../queues/actions';
import { readStoredUser } from '../providers/session';
import { DefencePackButtons } from '../evidence/DefencePackButtons';
import { useClosableNotify } from '../shared/useClosableNotify';
import { EmailContentDialog } from './EmailContentDialog';
import { TransactionDetailsDialog } from './TransactionDetailsDialog';
import OpenDisputeDialog from '../disputes/OpenDisputeDialog';
import { useOrderCall } from '../providers/useOrderCall';
import { NextOrderButton } from '../speed/NextOrderButton';
import { OrderKeys } from '../speed/OrderKeys';
import MacrosMenu from '../automation/MacrosMenu';
import type { ActionAnswer } from '../providers/methods/orders';

/**
 * A button the member may not use on this order right now (domain orderRules.ts): disabled, the reason
 * in its tooltip. The wrapper takes the hover and focus a disabled button cannot.
 */
function Refused({ refusal, children }: { refusal: OrderRefusal | null; children: ReactElement }) {
  if (!refusal) return children;
  return (
    <Tooltip title={refusal.message} describeChild>
      <span tabIndex={0} data-testid="refused">
        {children}
      </span>
    </Tooltip>
  );
}

/**
 * A move to one of the old system's targets: react-admin's update of the order's process_status (the
 * data provider sends it to change-order-status), with the server's answer in a toast that stays.
 * Delete asks first.
 */
function MoveButton({ status, label, refusal }: { status: Status; label: string; refusal: OrderRefusal | null }) {
  const order = useRecordContext()!;
  const translate = useTranslate();
  const notify = useClosableNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  const [confirming, setConfirming] = useState(false);
  const { permissions: role } = usePermissions<string>();
  const isDelete = status === 'Deleted';
  // Whoever opens disputes moves an order to ChargeBack by opening its dispute (network, reason, amount, due date).
  const opensDispute = status === 'ChargeBack' && can(role, 'disputes.manage');
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
      <Refused refusal={refusal}>
        <Button
          variant="outlined"
          size="small"
          color={isDelete ? 'error' : 'primary'}
          startIcon={isDelete ? <DeleteIcon /> : <DriveFileMoveIcon />}
          disabled={isPending || !!refusal}
          onClick={() => (isDelete || opensDispute ? setConfirming(true) : move())}
          data-testid={`move-${status}`}
        >
          {translate(label, { _: label })}
        </Button>
      </Refused>
      {opensDispute && confirming && <OpenDisputeDialog onClose={() => setConfirming(false)} />}
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

/** Restore to where it was: a Deleted order back to its status before the delete (PUT /api/admin/restore-order). */
function RestoreButton({ refusal }: { refusal: OrderRefusal | null }) {
  const order = useRecordContext()!;
  const translate = useTranslate();
  const restore = useOrderCall((_, orderId: number): Promise<ActionAnswer> =>
    apiCall('admin/restore-order', { method: 'PUT', json: { orderId } }).then(({ message }) => ({ message })),
  );
  return (
    <Refused refusal={refusal}>
      <Button
        variant="outlined"
        size="small"
        startIcon={<RestoreFromTrashIcon />}
        disabled={restore.isPending || !!refusal}
        onClick={() => restore.mutate(Number(order.id))}
        data-testid="restore-order"
      >
        {translate('resources.orders.actions.restore')}
      </Button>
    </Refused>
  );
}

/**
 * The action bar of the order page: View Email Content, Assign to me or Move to
 * Original Folder, the moves to the eight targets but the current status, Restore to where it was on a
 * Deleted order, and for disputed orders the defence packs and their transaction details. Only what
 * the member may do (the domain's order rules): a move the role never makes is left out, one this
 * order refuses now (held by someone else) shows disabled with the reason. `children` is a slot for
 * more actions.
 */
export function OrderActions({ children }: { children?: ReactNode }) {
  const order = useRecordContext()!;
  const translate = useTranslate();
  const { permissions: role } = usePermissions<string>();
  const [dialog, setDialog] = useState<'email' | 'transaction' | null>(null);
  const close = () => setDialog(null);
  const status = order.process_status as Status;
  const me: OrderActor = { id: readStoredUser()?.id ?? 0, type: role };
  const facts: OrderRuleFacts = {
    order_id: order.id,
    process_status: status,
    assignee_id: order.assignee_id,
    assign_to: order.assign_to,
  };
  const heldByMe = order.assignee_id != null && order.assignee_id === me.id;
  const targets = MOVE_TARGETS.filter((target) => target.status !== status)
    .map((target) => ({ ...target, refusal: moveRefusal(me, facts, target.status) }))
    .filter((target) => target.refusal?.status !== 403);
  const hold = order.assignee_id == null && status !== 'Deleted' ? 'assign' : heldByMe ? 'unassign' : null;
  return (
    <Card sx={{ mb: 2 }} data-testid="order-actions">
      <CardContent component={Box} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" size="small" startIcon={<EmailIcon />} onClick={() => setDialog('email')}>
          {translate('resources.orders.actions.viewEmailContent')}
        </Button>
        {hold && <ConfirmedActionButton action={hold} ids={[order.id]} variant="outlined" />}
        <NextOrderButton />
        <OrderKeys />
        {status === 'Deleted' && <RestoreButton refusal={restoreRefusal(me, facts)} />}
        {targets.map((target) => (
          <MoveButton
            key={target.status}
            status={target.status}
            label={`resources.orders.moves.${target.status}`}
            refusal={target.refusal}
          />
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
        {can(role, 'orders.work') && <MacrosMenu />}
        {children}
      </CardContent>
      {dialog === 'email' && <EmailContentDialog onClose={close} />}
      {dialog === 'transaction' && <TransactionDetailsDialog onClose={close} />}
    </Card>
  );
}
