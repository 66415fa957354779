import { useState, type ReactElement } from 'react';
import { Button } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import UndoIcon from '@mui/icons-material/Undo';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import { useMutation } from '@tanstack/react-query';
import {
  Confirm,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  type Identifier,
} from 'react-admin';
import type { QueueAction, QueueDefinition } from '@app/domain';
import type { AppDataProvider } from '../providers/dataProvider';
import type { ActionAnswer } from '../providers/methods/orders';

/** A table action of SPEC sections 4 and 8: its button, confirm text, call and success text (i18n keys). */
interface ActionDefinition {
  label: string;
  /** The shorter label of the per-row button. */
  rowLabel?: string;
  confirm: string;
  icon: ReactElement;
  color: 'primary' | 'error';
  run: (dataProvider: AppDataProvider, ids: Identifier[]) => Promise<ActionAnswer>;
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
    run: (dataProvider, ids) => dataProvider.deleteOrders(ids),
    success: 'app.notify.deleted',
  },
  assign: {
    label: 'app.actions.assign',
    confirm: 'app.confirm.assign',
    icon: <AssignmentIndIcon />,
    color: 'primary',
    run: (dataProvider, ids) => dataProvider.assignOrders(ids),
    success: 'app.notify.assigned',
  },
  unassign: {
    label: 'app.actions.unassign',
    confirm: 'app.confirm.unassign',
    icon: <UndoIcon />,
    color: 'primary',
    run: (dataProvider, ids) => dataProvider.unassignOrders(ids),
  },
  refund: {
    label: 'app.actions.refund',
    confirm: 'app.confirm.refund',
    icon: <CurrencyExchangeIcon />,
    color: 'primary',
    run: (dataProvider, ids) => dataProvider.refundOrders(ids),
  },
};

/** The actions of a queue that a role sees (SPEC section 6), in the queue's order. */
export const actionsFor = (queue: QueueDefinition, role: string | null | undefined): QueueAction[] =>
  queue.actions.filter((entry) => entry.roles.some((allowed) => allowed === role)).map((entry) => entry.action);

/**
 * A button that asks for confirmation, runs the action on `ids`, then toasts the outcome and
 * reloads the list and the counts.
 */
export function ConfirmedActionButton({
  action,
  ids,
  onDone,
  row = false,
}: {
  action: QueueAction;
  ids: Identifier[];
  onDone?: () => void;
  /** A row's own button rather than a bulk one. */
  row?: boolean;
}) {
  const definition = QUEUE_ACTIONS[action];
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: () => definition.run(dataProvider, ids),
    onSuccess: (answer) => {
      notify(definition.success ? translate(definition.success) : answer.message, { type: 'success' });
      onDone?.();
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  return (
    <>
      <Button
        size="small"
        color={definition.color}
        startIcon={definition.icon}
        onClick={() => setOpen(true)}
        data-testid={row ? `row-${action}` : `bulk-${action}`}
      >
        {translate((row && definition.rowLabel) || definition.label)}
      </Button>
      <Confirm
        isOpen={open}
        loading={mutation.isPending}
        title="app.confirm.title"
        content={definition.confirm}
        confirmColor={definition.color === 'error' ? 'warning' : 'primary'}
        onConfirm={() => mutation.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** The bulk buttons shown when rows are selected. */
export function BulkQueueActions({ actions }: { actions: QueueAction[] }) {
  const { selectedIds, onUnselectItems } = useListContext();
  return (
    <>
      {actions.map((action) => (
        <ConfirmedActionButton key={action} action={action} ids={selectedIds} onDone={onUnselectItems} />
      ))}
    </>
  );
}
