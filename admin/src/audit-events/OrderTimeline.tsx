import { List as MuiList, ListItem, ListItemText, Typography } from '@mui/material';
import { ReferenceManyField, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { statusLabel } from '@app/domain';
import { formatTimeFor, Section, useResourceDefinition } from '../registry';
import { actionText } from './actionText';

interface AuditEvent extends RaRecord {
  created_at: string;
  member_name: string | null;
  action: string;
  from_value: string | null;
  to_value: string | null;
  detail: string | null;
}

/**
 * "Moved: New → Completed" and the event's detail; statuses read as the queues name them. A comment
 * reads with its text: "Comment added: “Called the customer…”".
 */
function eventText(event: AuditEvent, translate: (key: string, options?: object) => string) {
  const what = actionText(event.action, translate);
  if (event.action === 'comment' && event.detail) return `${what}: “${event.detail}”`;
  const change = [event.from_value, event.to_value].some(Boolean)
    ? `: ${[event.from_value, event.to_value].map((v) => (v ? statusLabel(v) : '—')).join(' → ')}`
    : '';
  return `${what}${change}${event.detail ? ` (${event.detail})` : ''}`;
}

function TimelineEvents() {
  const translate = useTranslate();
  const { data, isPending } = useListContext<AuditEvent>();
  if (isPending) return <Typography>{translate('app.loading')}</Typography>;
  if (!data?.length) return <Typography>{translate('app.empty.noRecords')}</Typography>;
  return (
    <MuiList dense component="ol" data-testid="order-timeline" sx={{ pl: 0 }}>
      {data.map((event) => (
        <ListItem key={event.id} divider disableGutters>
          <ListItemText
            primary={eventText(event, translate)}
            secondary={`${formatTimeFor(event.created_at, 'show')} · ${
              event.member_name ?? translate('resources.audit-events.visitor')
            }`}
          />
        </ListItem>
      ))}
    </MuiList>
  );
}

/**
 * The order's own timeline on the order page: its audit events, newest first, from the same
 * `audit-events` resource as the Audit Log. Shown to the roles that may read the audit log.
 */
export function OrderTimeline() {
  const translate = useTranslate();
  const definition = useResourceDefinition('audit-events');
  if (!definition) return null;
  return (
    <Section title={translate('resources.audit-events.timeline')} testId="section-timeline">
      <ReferenceManyField
        reference="audit-events"
        target="order_id"
        sort={{ field: 'id', order: 'DESC' }}
        perPage={100}
      >
        <TimelineEvents />
      </ReferenceManyField>
    </Section>
  );
}
