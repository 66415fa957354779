import { Link, Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { downloadFileName, TEXTS } from '@app/domain';
import { HistoryTable } from '../registry';
import { DISPLAY_FORMATS, formatTime } from '../registry/formatValue';
import { documentLink, useDocumentDownload } from '../documents/useDocuments';
import { ResendForm } from '../mails/ResendForm';

interface DownloadRecord extends RaRecord {
  seq: number;
  order_id: number;
  file1: string | null;
  ip: string | null;
  location: string | null;
  city?: string | null;
  device?: string | null;
  device_type?: string | null;
  browser?: string | null;
  os?: string | null;
  device_id?: string | null;
  created_at: string;
}

/** What the customer downloaded on, with the device id kept as evidence. */
function DownloadDevice({ entry }: { entry: DownloadRecord }) {
  const translate = useTranslate();
  return (
    <span data-testid="download-device">
      {[entry.device, entry.browser, entry.os].filter(Boolean).join(', ')}
      {entry.device_id ? (
        <Typography component="span" variant="caption" display="block" color="text.secondary">
          {`${translate('resources.downloads.fields.device_id')} ${entry.device_id}`}
        </Typography>
      ) : null}
    </span>
  );
}

/** The file by the name the customer's copy got (the stored name is random), downloading the same bytes. */
function DownloadedFile({ entry }: { entry: DownloadRecord }) {
  const download = useDocumentDownload();
  if (!entry.file1) return null;
  return (
    <Link component="button" type="button" onClick={() => download.mutate(documentLink(entry.order_id, entry.file1!))}>
      {downloadFileName(entry.order_id, entry.file1)}
    </Link>
  );
}

/** File names break anywhere rather than widening the table; an IP address stays whole. */
const breakAnywhere = () => ({ overflowWrap: 'anywhere', minWidth: 90 }) as const;
const noWrap = () => ({ whiteSpace: 'nowrap' }) as const;
/** The device, browser and OS wrap between words, a long device id anywhere. */
const deviceCell = () => ({ minWidth: 150, overflowWrap: 'anywhere' }) as const;

/** The old system's Download History table, in its order; the registry's other download fields are a column away. */
const SHOWN = ['seq', 'created_at', 'file1', 'ip', 'location', 'device'];

/**
 * Download History: the customer's downloads, newest first (the order id is the page's
 * own), then the Sent Mail form.
 */
export function DownloadHistory() {
  const translate = useTranslate();
  return (
    <HistoryTable
      sectionTestId="section-downloadHistory"
      resource="downloads"
      testId="download-history"
      shown={SHOWN}
      renderers={{
        created_at: (entry) => formatTime(entry.created_at, DISPLAY_FORMATS.downloadHistory),
        file1: (entry) => <DownloadedFile entry={entry as DownloadRecord} />,
        location: (entry) => [entry.city, entry.location].filter(Boolean).join(', '),
        device: (entry) => <DownloadDevice entry={entry as DownloadRecord} />,
      }}
      styles={{ file1: breakAnywhere, ip: noWrap, device: deviceCell }}
      empty={
        <Typography data-testid="no-downloads">
          {translate('resources.downloads.empty', { _: TEXTS.noRecord })}
        </Typography>
      }
    >
      <ResendForm buttons={[{ provider: 'AWS', label: 'resources.downloads.sentMail' }]} testId="sent-mail-form" />
    </HistoryTable>
  );
}
