import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CellRenderers } from '../registry';
import { SlaAge, SlaDue } from '../live';

type Row = Record<string, unknown>;

const fullName = (row: Row) =>
  (row.full_name as string | null) || [row.first_name, row.last_name].filter(Boolean).join(' ');

/** The contact email, and under it in red that the order's latest mail bounced: to which address and why. */
function BouncedEmail({ row }: { row: Row }) {
  const translate = useTranslate();
  return (
    <Box>
      {String(row.contact_email_address || row.email || '')}
      <Typography variant="caption" component="div" color="error" data-testid="mail-bounced">
        {translate('resources.mails.bouncedTo', {
          address: String(row.mail_bounced_to),
          reason: String(row.mail_bounce_reason ?? ''),
        })}
      </Typography>
    </Box>
  );
}

/**
 * The queue tables' cells that read more than their field: the order id that tests and
 * people find by, the name with the assignee of a row someone holds under it, and the contact email
 * before the application one, with a bounce of the latest mail under it, and the SLA's state and due time.
 */
export const ORDER_CELLS: CellRenderers = {
  order_id: (row) => <span data-testid="order-id">{String(row.order_id)}</span>,
  full_name: (row) => (
    <Box>
      {fullName(row)}
      {!!row.assign_to && (
        <Typography variant="caption" component="div" color="text.secondary">
          {String(row.assign_to)}
        </Typography>
      )}
    </Box>
  ),
  email: (row) =>
    row.mail_bounced_to ? <BouncedEmail row={row} /> : String(row.contact_email_address || row.email || ''),
  age_minutes: (row) => <SlaAge row={row} />,
  sla_due_at: (row) => <SlaDue row={row} />,
};
