import { Chip, Link, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DATE_FORMATS, formatEst } from '@app/domain';
import { HistoryTable, type HistoryColumn } from './HistoryTable';
import { MailForm } from './MailForm';
import { Section } from './Section';
import { documentLink, useDocumentDownload } from './useDocumentDownload';
import type { MailHistoryEntry, OrderDetails } from './types';

const STATE_COLORS = { queued: 'default', sending: 'info', sent: 'success', failed: 'error' } as const;

/** Where a mail got to in the outbox (DESIGN section 5); a failed one says why on hover. */
function MailState({ mail }: { mail: MailHistoryEntry }) {
  const translate = useTranslate();
  const chip = (
    <Chip
      size="small"
      color={STATE_COLORS[mail.state] ?? 'default'}
      label={translate(`app.order.mailStates.${mail.state}`, { _: mail.state })}
      data-testid="mail-state"
    />
  );
  return mail.last_error ? <Tooltip title={mail.last_error}>{chip}</Tooltip> : chip;
}

/** Email History (SPEC section 2): the table when there is any mail, then the resend form. */
export function EmailHistory({ order, onChanged }: { order: OrderDetails; onChanged: () => void }) {
  const translate = useTranslate();
  const download = useDocumentDownload();
  const columns: HistoryColumn<MailHistoryEntry>[] = [
    { label: 'app.order.table.number', render: (_, index) => index + 1 },
    { label: 'app.order.table.orderId', render: (mail) => mail.order_id },
    { label: 'app.order.table.mail', render: (mail) => mail.kind },
    { label: 'app.order.table.recipient', render: (mail) => mail.to_email },
    {
      label: 'app.order.table.download',
      render: (mail) =>
        mail.uploadDoc && (
          <Link
            component="button"
            type="button"
            onClick={() => download.mutate(documentLink(mail.order_id, mail.uploadDoc!.file1))}
          >
            {translate('app.order.table.download')}
          </Link>
        ),
    },
    {
      label: 'app.order.table.dateTime',
      render: (mail) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatEst(mail.create_ts, DATE_FORMATS.mailHistory)}</span>
      ),
    },
    { label: 'app.order.table.mailProvider', render: (mail) => mail.provider },
    { label: 'app.order.table.state', render: (mail) => <MailState mail={mail} /> },
  ];
  return (
    <Section title={translate('app.order.sections.emailHistory')} testId="section-emailHistory">
      {order.mailHistory.length > 0 && (
        <HistoryTable columns={columns} rows={order.mailHistory} testId="email-history" />
      )}
      <MailForm
        orderId={order.order_id}
        defaultEmail={order.contact_email_address || order.email || ''}
        buttons={[
          { provider: 'AWS', label: 'app.order.resend.aws' },
          { provider: 'Sendgrid', label: 'app.order.resend.sendgrid' },
        ]}
        onSent={onChanged}
        testId="resend-form"
      />
    </Section>
  );
}
