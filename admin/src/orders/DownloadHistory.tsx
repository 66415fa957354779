import { Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatEst } from '@app/domain';
import { HistoryTable, type HistoryColumn } from './HistoryTable';
import { MailForm } from './MailForm';
import { Section } from './Section';
import { documentLink, useDocumentDownload } from './useDocumentDownload';
import type { DownloadEntry, OrderDetails } from './types';

/** Download History (SPEC section 2): the customer's downloads, oldest first, and the Sent Mail form. */
export function DownloadHistory({ order, onChanged }: { order: OrderDetails; onChanged: () => void }) {
  const translate = useTranslate();
  const download = useDocumentDownload();
  const columns: HistoryColumn<DownloadEntry>[] = [
    { label: 'app.order.table.number', render: (_, index) => index + 1 },
    { label: 'app.order.table.orderId', render: (entry) => entry.order_id },
    {
      label: 'app.order.table.dateTimeEst',
      render: (entry) => <span style={{ whiteSpace: 'nowrap' }}>{formatEst(entry.create_ts)}</span>,
    },
    {
      label: 'app.order.table.file',
      render: (entry) =>
        entry.file1 && (
          <Link
            component="button"
            type="button"
            onClick={() => download.mutate(documentLink(entry.order_id, entry.file1!))}
          >
            {entry.file1}
          </Link>
        ),
    },
    { label: 'app.order.table.ip', render: (entry) => entry.ip },
    { label: 'app.order.table.location', render: (entry) => entry.location },
  ];
  return (
    <Section title={translate('app.order.sections.downloadHistory')} testId="section-downloadHistory">
      {order.downloadHistory.length ? (
        <HistoryTable columns={columns} rows={order.downloadHistory} testId="download-history" />
      ) : (
        <Typography data-testid="no-downloads">{translate('app.order.noRecord')}</Typography>
      )}
      <MailForm
        orderId={order.order_id}
        defaultEmail={order.contact_email_address || order.email || ''}
        buttons={[{ provider: 'AWS', label: 'app.order.sentMail' }]}
        onSent={onChanged}
        testId="sent-mail-form"
      />
    </Section>
  );
}
