import { Link, Typography } from '@mui/material';
import { DataTable, Pagination, ReferenceManyField, useTranslate, type RaRecord } from 'react-admin';
import { TEXTS } from '@app/domain';
import { Section } from '../registry';
import { DISPLAY_FORMATS, formatTime } from '../registry/formatValue';
import { documentLink, useDocumentDownload } from '../documents/useDocuments';
import { ScrollRegion } from '../layout/ScrollRegion';
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

/** What the customer downloaded on, with the device id kept as evidence (issue 17). */
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

function DownloadedFile({ entry }: { entry: DownloadRecord }) {
  const download = useDocumentDownload();
  if (!entry.file1) return null;
  return (
    <Link component="button" type="button" onClick={() => download.mutate(documentLink(entry.order_id, entry.file1!))}>
      {entry.file1}
    </Link>
  );
}

/** File names break anywhere rather than widening the table; an IP address stays whole. */
const breakAnywhere = () => ({ overflowWrap: 'anywhere', minWidth: 90 }) as const;
const noWrap = () => ({ whiteSpace: 'nowrap' }) as const;
/** The device, browser and OS wrap between words, a long device id anywhere. */
const deviceCell = () => ({ minWidth: 150, overflowWrap: 'anywhere' }) as const;

/**
 * Download History (SPEC section 2): the customer's downloads, newest first (the order id is the page's
 * own), then the Sent Mail form. Narrow screens scroll the table sideways.
 */
export function DownloadHistory() {
  const translate = useTranslate();
  return (
    <Section title={translate('resources.downloads.title')} testId="section-downloadHistory">
      <ReferenceManyField<RaRecord, DownloadRecord>
        reference="downloads"
        target="order_id"
        sort={{ field: 'id', order: 'DESC' }}
        perPage={25}
        pagination={<Pagination rowsPerPageOptions={[]} />}
        empty={
          <Typography data-testid="no-downloads">
            {translate('resources.downloads.empty', { _: TEXTS.noRecord })}
          </Typography>
        }
      >
        <ScrollRegion label={translate('resources.downloads.title')}>
          <DataTable<DownloadRecord>
            bulkActionButtons={false}
            rowClick={false}
            hover={false}
            data-testid="download-history"
          >
            <DataTable.Col source="seq" disableSort />
            <DataTable.Col
              source="created_at"
              disableSort
              render={(entry) => formatTime(entry.created_at, DISPLAY_FORMATS.downloadHistory)}
            />
            <DataTable.Col
              source="file1"
              disableSort
              render={(entry) => <DownloadedFile entry={entry as DownloadRecord} />}
              cellSx={breakAnywhere}
            />
            <DataTable.Col source="ip" disableSort cellSx={noWrap} />
            <DataTable.Col
              source="location"
              disableSort
              render={(entry) => [entry.city, entry.location].filter(Boolean).join(', ')}
            />
            <DataTable.Col
              source="device"
              disableSort
              render={(entry) => <DownloadDevice entry={entry as DownloadRecord} />}
              cellSx={deviceCell}
            />
          </DataTable>
        </ScrollRegion>
      </ReferenceManyField>
      <ResendForm buttons={[{ provider: 'AWS', label: 'resources.downloads.sentMail' }]} testId="sent-mail-form" />
    </Section>
  );
}
