import { Chip, Link, Tooltip } from '@mui/material';
import { DataTable, Pagination, ReferenceManyField, useTranslate, type RaRecord } from 'react-admin';
import { MAIL_STATES } from '@app/domain';
import { Section } from '../registry';
import { DISPLAY_FORMATS, formatEstTime } from '../registry/formatValue';
import { documentLink, useDocumentDownload } from '../documents/useDocuments';
import { ResendForm } from './ResendForm';

/** A mail of the order's outbox (DESIGN section 5); `state` shows how far it got. */
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

/** The provider's reports on a mail (issue 17), each with its first time: delivered, bounced and why, opened... */
const DELIVERY_EVENTS = ['delivered_at', 'bounced_at', 'complained_at', 'opened_at', 'clicked_at'] as const;

function MailDelivery({ mail }: { mail: MailRecord }) {
  const translate = useTranslate();
  const events = DELIVERY_EVENTS.filter((field) => mail[field]);
  if (!events.length) return null;
  return (
    <span data-testid="mail-delivery">
      {events.map((field) => (
        <span key={field} style={{ display: 'block', whiteSpace: 'nowrap' }}>
          {`${translate(`resources.mails.fields.${field}`)} ${formatEstTime(mail[field]!, DISPLAY_FORMATS.mailHistory)}`}
          {field === 'bounced_at' && mail.bounce_reason ? `: ${mail.bounce_reason}` : ''}
        </span>
      ))}
    </span>
  );
}

/** While a mail is still on its way, Email History is read again this often to show how it went. */
const MAIL_POLL_MS = 2000;
const STATE_COLORS = { queued: 'default', sending: 'info', sent: 'success', failed: 'error' } as const;
const inFlight = (mails: MailRecord[] | undefined) =>
  !!mails?.some((mail) => mail.state === 'queued' || mail.state === 'sending');

/** Where a mail got to in the outbox; a failed one says why on hover (for the roles that may read it). */
function MailState({ mail }: { mail: MailRecord }) {
  const translate = useTranslate();
  const chip = (
    <Chip
      size="small"
      color={STATE_COLORS[mail.state] ?? 'default'}
      label={translate(`resources.mails.states.${mail.state}`, { _: mail.state })}
      data-testid="mail-state"
    />
  );
  return mail.last_error ? <Tooltip title={mail.last_error}>{chip}</Tooltip> : chip;
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

/**
 * Email History (SPEC section 2): the order's mails, newest first, with their kind, recipient, the
 * document they carried, New York time, provider and outbox state; shown only when there is any.
 * Then the resend form.
 */
export function EmailHistory() {
  const translate = useTranslate();
  return (
    <Section title={translate('resources.mails.title')} testId="section-emailHistory">
      <ReferenceManyField<RaRecord, MailRecord>
        reference="mails"
        target="order_id"
        sort={{ field: 'id', order: 'DESC' }}
        perPage={25}
        empty={null}
        pagination={<Pagination rowsPerPageOptions={[]} />}
        queryOptions={{ refetchInterval: (query) => (inFlight(query.state.data?.data) ? MAIL_POLL_MS : false) }}
      >
        <DataTable<MailRecord> bulkActionButtons={false} rowClick={false} hover={false} data-testid="email-history">
          <DataTable.Col source="seq" disableSort />
          <DataTable.Col source="order_id" disableSort />
          <DataTable.Col source="kind" disableSort />
          <DataTable.Col source="to_email" disableSort />
          <DataTable.Col source="file1" disableSort render={(mail) => <MailDocument mail={mail as MailRecord} />} />
          <DataTable.Col
            source="created_at"
            disableSort
            render={(mail) => formatEstTime(mail.created_at, DISPLAY_FORMATS.mailHistory)}
            cellSx={() => ({ whiteSpace: 'nowrap' })}
          />
          <DataTable.Col source="provider" disableSort />
          <DataTable.Col source="state" disableSort render={(mail) => <MailState mail={mail as MailRecord} />} />
          <DataTable.Col
            source="delivered_at"
            label="resources.mails.fields.delivery"
            disableSort
            render={(mail) => <MailDelivery mail={mail as MailRecord} />}
          />
        </DataTable>
      </ReferenceManyField>
      <ResendForm
        buttons={[
          { provider: 'AWS', label: 'resources.mails.resend.aws' },
          { provider: 'Sendgrid', label: 'resources.mails.resend.sendgrid' },
        ]}
        testId="resend-form"
      />
    </Section>
  );
}
