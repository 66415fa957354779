import { Box, Chip, Link, Tooltip } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { MAIL_STATES } from '@app/domain';
import { HistoryTable } from '../registry';
import { DISPLAY_FORMATS, formatTime } from '../registry/formatValue';
import { documentLink, useDocumentDownload } from '../documents/useDocuments';
import { ResendForm } from './ResendForm';

/** A mail of the order's outbox (docs/product.md#documents-mail-and-evidence); `state` shows how far it got. */
export interface MailRecord extends RaRecord {
  seq: number;
  order_id: number;
  kind: string;
  provider: string;
  to_email: string;
  state: (typeof MAIL_STATES)[number];
  last_error?: string | null;
  message_id?: string | null;
  file1?: string | null;
  created_at: string;
  delivered_at?: string | null;
  bounced_at?: string | null;
  bounce_reason?: string | null;
  complained_at?: string | null;
  opened_at?: string | null;
  clicked_at?: string | null;
}

/** The provider's reports on a mail, each with its first time: delivered, bounced and why, opened... */
const DELIVERY_EVENTS = ['delivered_at', 'bounced_at', 'complained_at', 'opened_at', 'clicked_at'] as const;

function MailDelivery({ mail }: { mail: MailRecord }) {
  const translate = useTranslate();
  const events = DELIVERY_EVENTS.filter((field) => mail[field]);
  if (!events.length) return null;
  return (
    <Box component="span" data-testid="mail-delivery" sx={{ display: 'block', mt: 0.5 }}>
      {events.map((field) => (
        <Box
          component="span"
          key={field}
          data-testid={`mail-${field}`}
          sx={{ display: 'block', color: field === 'bounced_at' ? 'error.main' : undefined }}
        >
          {`${translate(`resources.mails.fields.${field}`)} ${formatTime(mail[field]!, DISPLAY_FORMATS.mailHistory)}`}
          {field === 'bounced_at' && mail.bounce_reason ? `: ${mail.bounce_reason}` : ''}
        </Box>
      ))}
    </Box>
  );
}

/** While a mail is still on its way, Email History is read again this often to show how it went. */
const MAIL_POLL_MS = 2000;
const STATE_COLORS = { queued: 'default', sending: 'info', sent: 'success', failed: 'error' } as const;
const inFlight = (mails: RaRecord[] | undefined) =>
  !!mails?.some((mail) => mail.state === 'queued' || mail.state === 'sending');

/**
 * Where a mail got to: the outbox state, or Bounced (red) once the provider reported a bounce, whatever the
 * outbox says (it was handed over, so "Sent"); under it the provider's reports, a bounce with its reason.
 * A failed mail says why on hover (for the roles that may read it).
 */
function MailState({ mail }: { mail: MailRecord }) {
  const translate = useTranslate();
  const chip = (
    <Chip
      size="small"
      color={mail.bounced_at ? 'error' : (STATE_COLORS[mail.state] ?? 'default')}
      label={
        mail.bounced_at
          ? translate('resources.mails.fields.bounced_at')
          : translate(`resources.mails.states.${mail.state}`, { _: mail.state })
      }
      data-testid="mail-state"
    />
  );
  return (
    <>
      {mail.last_error ? <Tooltip title={mail.last_error}>{chip}</Tooltip> : chip}
      <MailDelivery mail={mail} />
    </>
  );
}

/** Where the file a mail carried is fetched with the staff token: its document, or the invoice as it was sent. */
const mailFileLink = (mail: MailRecord) =>
  mail.kind === 'invoice'
    ? `/api/admin/invoices/${mail.id}`
    : mail.file1
      ? documentLink(mail.order_id, mail.file1)
      : null;

/** The document or invoice a mail carried, fetched with the staff token. */
function MailDocument({ mail }: { mail: MailRecord }) {
  const translate = useTranslate();
  const download = useDocumentDownload();
  const link = mailFileLink(mail);
  if (!link) return null;
  return (
    <Link component="button" type="button" disabled={download.isPending} onClick={() => download.mutate(link)}>
      {translate(mail.kind === 'invoice' ? 'resources.mails.fields.invoice' : 'resources.mails.fields.file1')}
    </Link>
  );
}

/** A recipient's address breaks anywhere rather than widening the table. */
const breakAnywhere = () => ({ overflowWrap: 'anywhere', minWidth: 120 }) as const;
/** The state with the provider's reports under it, which wrap. */
const stateCell = () => ({ minWidth: 160 }) as const;

/** The old system's Email History table, in its order; the registry's other mail fields are a column away. */
const SHOWN = ['seq', 'kind', 'to_email', 'file1', 'created_at', 'provider', 'state'];

/**
 * Email History: the order's mails, newest first, with their kind, recipient, the
 * document they carried, time, provider and state with the provider's reports (the order id is the
 * page's own); shown only when there is any. Then the resend form.
 */
export function EmailHistory() {
  return (
    <HistoryTable
      sectionTestId="section-emailHistory"
      resource="mails"
      testId="email-history"
      shown={SHOWN}
      renderers={{
        file1: (mail) => <MailDocument mail={mail as MailRecord} />,
        created_at: (mail) => formatTime(mail.created_at, DISPLAY_FORMATS.mailHistory),
        state: (mail) => <MailState mail={mail as MailRecord} />,
      }}
      styles={{ to_email: breakAnywhere, state: stateCell }}
      empty={null}
      queryOptions={{ refetchInterval: (query) => (inFlight(query.state.data?.data) ? MAIL_POLL_MS : false) }}
    >
      <ResendForm
        buttons={[
          { provider: 'AWS', label: 'resources.mails.resend.aws' },
          { provider: 'Sendgrid', label: 'resources.mails.resend.sendgrid' },
        ]}
        testId="resend-form"
      />
    </HistoryTable>
  );
}
