import { Button, List as MuiList, ListItem, ListItemText, Typography } from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { statusLabel } from '@app/domain';
import { apiCall, apiUrl, httpClient } from '../providers/httpClient';
import { fieldLabel, formatTimeFor, Section, useResourceDefinition } from '../registry';
import { useClosableNotify } from '../shared/useClosableNotify';
import { actionText } from './actionText';

/** A change of GET /api/orders/:id/history; `hidden`: the member's role may not read its values. */
interface FieldChange {
  field: string;
  from?: unknown;
  to?: unknown;
  hidden?: boolean;
  revertible?: boolean;
}
interface HistoryEntry {
  id: number;
  at: string;
  by: string | null;
  action: string;
  changes: FieldChange[];
  note?: string;
}

type Translate = ReturnType<typeof useTranslate>;

/**
 * "Moved: New → Completed", "Field changed: Visa type: Tourist → Business", "Comment added: “Called…”":
 * statuses read as the queues name them; the status and the assignee need no field name.
 */
function entryText(entry: HistoryEntry, translate: Translate, labelOf: (source: string) => string) {
  const what = actionText(entry.action, translate);
  if (entry.note) return `${what}: “${entry.note}”`;
  const [change] = entry.changes;
  if (!change) return what;
  const own = change.field === 'process_status' || change.field === 'assign_to';
  const field = own ? '' : `${labelOf(change.field)}: `;
  if (change.hidden) return `${what}: ${field}(${translate('app.speed.hidden')})`;
  const value = (v: unknown) =>
    v === null || v === undefined || v === ''
      ? '—'
      : change.field === 'process_status'
        ? statusLabel(String(v))
        : String(v);
  return `${what}: ${field}${value(change.from)} → ${value(change.to)}`;
}

/**
 * The order's own timeline on the order page: its changes, newest first, each field from → to as the member's
 * role may read it (GET /api/orders/:id/history). A custom value's change has Revert for a member who may edit
 * the field: it sets the value back through the change path, with the version the page showed.
 */
export function OrderTimeline() {
  const order = useRecordContext()!;
  const translate = useTranslate();
  const refresh = useRefresh();
  const notify = useClosableNotify();
  const orders = useResourceDefinition('orders');
  const labelOf = (source: string) => {
    const field = orders?.fields.find((f) => f.source === source);
    return field ? translate(fieldLabel(orders!, field), { _: field.labelText?.en ?? source }) : source;
  };
  const { data, isPending } = useQuery({
    queryKey: ['order-history', order.id],
    queryFn: async () =>
      (await httpClient(apiUrl(`orders/${encodeURIComponent(String(order.id))}/history`))).json as HistoryEntry[],
  });
  const revert = useMutation({
    mutationFn: (eventId: number) =>
      apiCall(`orders/${encodeURIComponent(String(order.id))}/revert`, {
        method: 'POST',
        json: { eventId, ...(typeof order.version === 'number' ? { version: order.version } : {}) },
      }),
    onSuccess: (answer) => notify(answer.message),
    onError: (error: Error) => notify(error.message, 'error'),
    onSettled: () => refresh(),
  });
  return (
    <Section title={translate('resources.audit-events.timeline')} testId="section-timeline">
      {isPending ? (
        <Typography>{translate('app.loading')}</Typography>
      ) : !data?.length ? (
        <Typography>{translate('app.empty.noRecords')}</Typography>
      ) : (
        <MuiList dense component="ol" data-testid="order-timeline" sx={{ pl: 0 }}>
          {data.map((entry) => (
            <ListItem
              key={entry.id}
              divider
              disableGutters
              secondaryAction={
                entry.changes[0]?.revertible && (
                  <Button
                    size="small"
                    startIcon={<UndoIcon />}
                    disabled={revert.isPending}
                    onClick={() => revert.mutate(entry.id)}
                    data-testid={`revert-${entry.id}`}
                  >
                    {translate('app.speed.revert')}
                  </Button>
                )
              }
            >
              <ListItemText
                primary={entryText(entry, translate, labelOf)}
                secondary={`${formatTimeFor(entry.at, 'show')} · ${entry.by ?? translate('resources.audit-events.visitor')}`}
              />
            </ListItem>
          ))}
        </MuiList>
      )}
    </Section>
  );
}
