import { useState, type ReactElement } from 'react';
import { Button, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import UndoIcon from '@mui/icons-material/Undo';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import { useMutation } from '@tanstack/react-query';
import {
  Confirm,
  useDataProvider,
  useDeleteMany,
  useResourceContext,
  useListContext,
  useNotify,
  usePermissions,
  useRefresh,
  useTranslate,
  type Identifier,
} from 'react-admin';
import {
  assignRefusal,
  moveRefusal,
  refundRefusal,
  unassignRefusal,
  type OrderActor,
  type OrderRefusal,
  type OrderRuleFacts,
  type QueueAction,
  type QueueDefinition,
} from '@app/domain';
import type { AppDataProvider } from '../providers/dataProvider';
import { readStoredUser } from '../providers/session';

/** A table action: its button, confirm text and success text (i18n keys). */
interface ActionDefinition {
  label: string;
  /** The shorter label of the per-row button. */
  rowLabel?: string;
  confirm: string;
  icon: ReactElement;
  color: 'primary' | 'error';
  /** The success toast; without one the server's message is shown. */
  success?: string;
}

export const QUEUE_ACTIONS: Record<QueueAction, ActionDefinition> = {
  delete: {
    label: 'app.actions.delete',
    rowLabel: 'app.actions.deleteRow',
    confirm: 'app.confirm.delete',
    icon: <DeleteIcon />,
    color: 'error',
    success: 'app.notify.deleted',
  },
  assign: {
    label: 'app.actions.assign',
    confirm: 'app.confirm.assign',
    icon: <AssignmentIndIcon />,
    color: 'primary',
    success: 'app.notify.assigned',
  },
  unassign: {
    label: 'app.actions.unassign',
    confirm: 'app.confirm.unassign',
    icon: <UndoIcon />,
    color: 'primary',
  },
  refund: {
    label: 'app.actions.refund',
    confirm: 'app.confirm.refund',
    icon: <CurrencyExchangeIcon />,
    color: 'primary',
  },
};

/** The actions of a queue that a role sees (docs/product.md#roles-and-permissions), in the queue's order. */
export const actionsFor = (queue: QueueDefinition, role: string | null | undefined): QueueAction[] =>
  queue.actions.filter((entry) => entry.roles.some((allowed) => allowed === role)).map((entry) => entry.action);

/**
 * Runs a queue action on `ids`: Delete through react-admin's deleteMany (the rows leave the cached
 * list at once), the RPC actions (assign, unassign, refund) through the data provider's custom methods.
 * Either way the outcome is toasted and every query is read again (list, counts, order page).
 */
export function useQueueAction(action: QueueAction, ids: Identifier[], onDone?: () => void) {
  const definition = QUEUE_ACTIONS[action];
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  // The queue's resource on a queue screen (its cached list loses the rows at once), `orders` on the order page.
  const resource = useResourceContext() ?? 'orders';
  const [deleteMany, deletion] = useDeleteMany();
  const succeeded = (message?: string) => {
    notify(definition.success ? translate(definition.success) : (message ?? ''), { type: 'success' });
    onDone?.();
    refresh();
  };
  const failed = (error: unknown) => notify((error as Error).message, { type: 'error' });
  const rpc = useMutation({
    mutationFn: () =>
      action === 'assign'
        ? dataProvider.assignOrders(ids)
        : action === 'unassign'
          ? dataProvider.unassignOrders(ids)
          : dataProvider.refundOrders(ids),
    onSuccess: (answer) => succeeded(answer.message),
    onError: failed,
  });
  const run = (onSettled: () => void) =>
    action === 'delete'
      ? deleteMany(resource, { ids }, { onSuccess: () => succeeded(), onError: failed, onSettled })
      : rpc.mutate(undefined, { onSettled });
  return { run, isPending: rpc.isPending || deletion.isPending, definition };
}

/** The order rule (domain orderRules.ts) each queue action answers to. */
const RULES: Record<QueueAction, (actor: OrderActor, order: OrderRuleFacts) => OrderRefusal | null> = {
  delete: (actor, order) => moveRefusal(actor, order, 'Deleted'),
  assign: assignRefusal,
  unassign: unassignRefusal,
  refund: refundRefusal,
};

/** Why the member may not run `action` on these rows (the first refusal), or null when they may. */
export function queueActionRefusal(
  action: QueueAction,
  actor: OrderActor,
  rows: ReadonlyArray<Record<string, unknown>>,
): OrderRefusal | null {
  for (const row of rows) {
    const refusal = RULES[action](actor, { ...row, order_id: (row.order_id ?? row.id) as number } as OrderRuleFacts);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * A button that asks for confirmation, then runs its queue action on `ids`. With a refusal (the
 * selection holds a row the member may not change) it stays disabled with the reason as its tooltip.
 */
export function ConfirmedActionButton({
  action,
  ids,
  onDone,
  row = false,
  variant = 'text',
  refusal = null,
}: {
  action: QueueAction;
  ids: Identifier[];
  onDone?: () => void;
  /** A row's own button rather than a bulk one. */
  row?: boolean;
  variant?: 'text' | 'outlined';
  refusal?: OrderRefusal | null;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { run, isPending, definition } = useQueueAction(action, ids, onDone);
  const button = (
    <Button
      size="small"
      variant={variant}
      color={definition.color}
      startIcon={definition.icon}
      disabled={isPending || !!refusal}
      onClick={() => setOpen(true)}
      data-testid={row ? `row-${action}` : `bulk-${action}`}
    >
      {translate((row && definition.rowLabel) || definition.label)}
    </Button>
  );
  return (
    <>
      {refusal ? (
        // A disabled button takes no hover or focus: the wrapper carries the reason.
        <Tooltip title={refusal.message} describeChild>
          <span tabIndex={0} data-testid="refused">
            {button}
          </span>
        </Tooltip>
      ) : (
        button
      )}
      <Confirm
        isOpen={open}
        loading={isPending}
        title="app.confirm.title"
        content={definition.confirm}
        confirmColor={definition.color === 'error' ? 'warning' : 'primary'}
        onConfirm={() => run(() => setOpen(false))}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/**
 * The bulk buttons shown when rows are selected, one per action of the queue the role has; one the
 * selection refuses (a row held by someone else, an order already refunded) is disabled with the reason.
 */
export function BulkQueueActions({ actions }: { actions: QueueAction[] }) {
  const { selectedIds, onUnselectItems, data = [] } = useListContext();
  const { permissions: role } = usePermissions<string>();
  const actor: OrderActor = { id: readStoredUser()?.id ?? 0, type: role };
  const selected = data.filter((row) => selectedIds.includes(row.id));
  return (
    <>
      {actions.map((action) => (
        <ConfirmedActionButton
          key={action}
          action={action}
          ids={selectedIds}
          onDone={onUnselectItems}
          refusal={queueActionRefusal(action, actor, selected)}
        />
      ))}
    </>
  );
}
