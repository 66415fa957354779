import { formatUtc, statusLabel, type Brand } from '@app/domain';
import { Fields, Paragraph, PdfDocument, Section, Table, orDash, renderPdf } from '../../pdf/components.js';
import type { EvidenceDocument, EvidenceDownload, EvidenceMail, EvidenceOrder } from './repo.js';

export type DefencePackType = 1 | 2;

export interface DefencePack {
  type: DefencePackType;
  order: EvidenceOrder;
  documents: EvidenceDocument[];
  mails: EvidenceMail[];
  downloads: EvidenceDownload[];
  brand: Brand;
  generatedAt: string;
}

export const PACK_TITLES: Record<DefencePackType, string> = {
  1: 'Defence Pack 1: Download evidence',
  2: 'Defence Pack 2: Mail delivery evidence',
};

const TIME = 'YYYY-MM-DD HH:mm:ss';
const utc = (value: string | null | undefined) => (value ? `${formatUtc(value, TIME)} UTC` : '');
const money = (o: EvidenceOrder) => (o.amount === null ? '' : `${Number(o.amount).toFixed(2)} ${o.currency ?? ''}`);
/** The passport number is identity evidence, but the pack goes to third parties: only its last four characters. */
const maskPassport = (value: string | null) =>
  value ? `${'*'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}` : '';

function timeline({ order, documents, mails, downloads }: DefencePack): unknown[][] {
  const upload = documents.at(-1);
  const mailed = mails.find((m) => m.kind === 'approval' && m.state === 'sent');
  const firstDownload = downloads[0];
  return [
    ['Order placed', utc(order.created_at), `On ${orDash(order.landing_domain)} from IP ${orDash(order.purchase_ip)}`],
    ['Terms and conditions accepted', utc(order.terms_accepted_at), 'Accepted before payment'],
    ['Payment taken', utc(order.paid_at), `${money(order)} via ${orDash(order.gateway_name)}`],
    ['Application processed', utc(order.processed_at), order.processed_by ? `By ${order.processed_by}` : ''],
    [
      'Document uploaded',
      utc(upload?.created_at),
      upload ? `${upload.mime_type} (${upload.file1})` : 'No document yet',
    ],
    [
      'Document mailed',
      utc(mailed?.sent_at),
      mailed ? `To ${mailed.to_email} via ${mailed.provider}` : 'Not mailed yet',
    ],
    [
      'Document downloaded',
      utc(firstDownload?.created_at),
      downloads.length ? `${downloads.length} download(s) by the customer` : 'Not downloaded yet',
    ],
  ];
}

/** 'Apple iPhone, mobile'; the type only when it adds something ('Desktop, desktop' reads as a stutter). */
const describeDevice = (d: EvidenceDownload) =>
  d.device_type && d.device?.toLowerCase() !== d.device_type.toLowerCase()
    ? [d.device, d.device_type].filter(Boolean).join(', ')
    : (d.device ?? '');

function DownloadLog({ downloads }: { downloads: EvidenceDownload[] }) {
  return (
    <Section title={`Download log (${downloads.length})`}>
      <Table
        columns={[
          { label: '#', flex: 22 },
          { label: 'Time (UTC)', flex: 60 },
          { label: 'IP address', flex: 88 },
          { label: 'Location', flex: 70 },
          { label: 'Device', flex: 90 },
          { label: 'Browser', flex: 95 },
          { label: 'OS', flex: 70 },
        ]}
        rows={downloads.map((d, i) => [
          i + 1,
          formatUtc(d.created_at, TIME),
          d.ip,
          d.location,
          describeDevice(d),
          d.browser,
          d.os,
        ])}
        empty="The customer has not downloaded the document yet."
      />
    </Section>
  );
}

function MailLog({ mails }: { mails: EvidenceMail[] }) {
  return (
    <Section title={`Mail log (${mails.length})`}>
      <Table
        columns={[
          { label: '#', flex: 22 },
          { label: 'Queued (UTC)', flex: 60 },
          { label: 'Accepted (UTC)', flex: 60 },
          { label: 'Mail', flex: 46 },
          { label: 'Provider', flex: 46 },
          { label: 'Recipient', flex: 111 },
          { label: 'Message ID', flex: 130 },
          { label: 'State', flex: 41 },
        ]}
        rows={mails.map((m, i) => [
          i + 1,
          formatUtc(m.created_at, TIME),
          formatUtc(m.sent_at, TIME),
          m.kind,
          m.provider,
          m.to_email,
          m.message_id,
          m.state,
        ])}
        empty="No mail has been sent for this order."
      />
    </Section>
  );
}

/** A chargeback evidence pack (DESIGN section 5): cover, customer, timeline, one log, and the terms accepted. */
export function renderDefencePack(pack: DefencePack): Promise<Buffer> {
  const { order, brand, type } = pack;
  return renderPdf(
    <PdfDocument
      title={PACK_TITLES[type]}
      brand={order.merchant_name || brand.name}
      subtitle={`Order ${order.order_id} - Transaction ${orDash(order.transaction_id)} - Generated ${utc(pack.generatedAt)}`}
      footer={`${PACK_TITLES[type]} - Order ${order.order_id}`}
    >
      <Section title="Transaction">
        <Fields
          rows={[
            ['Merchant', order.merchant_name || brand.name],
            ['Transaction ID', order.transaction_id],
            ['Order ID', order.order_id],
            ['Amount', money(order)],
            ['Payment gateway', order.gateway_name],
            ['Order date', utc(order.created_at)],
            ['Payment date', utc(order.paid_at)],
            ['Order status', statusLabel(order.process_status)],
            ['Service', `Digital arrival card application, ${order.processing_mode} processing`],
          ]}
        />
      </Section>
      <Section title="Customer">
        <Fields
          rows={[
            ['Name', order.full_name],
            ['Email', order.email],
            ['Phone', order.phone_number ? `+${order.phone_code ?? ''} ${order.phone_number}` : ''],
            ['Passport nationality', order.nationality],
            ['Passport number', maskPassport(order.passport_number)],
            ['Purchase IP address', order.purchase_ip],
            ['Purchase browser', order.purchase_user_agent],
          ]}
        />
      </Section>
      <Section title="Service timeline">
        <Table
          columns={[
            { label: 'Event', flex: 2.2 },
            { label: 'Time (UTC)', flex: 2 },
            { label: 'Detail', flex: 3.8 },
          ]}
          rows={timeline(pack)}
          empty=""
        />
      </Section>
      {type === 1 ? <DownloadLog downloads={pack.downloads} /> : <MailLog mails={pack.mails} />}
      <Section title="Terms accepted" keepTogether>
        <Paragraph>
          {order.terms_accepted_at
            ? `The customer accepted the terms and conditions of ${brand.name} on ${utc(order.terms_accepted_at)}, ` +
              `from IP address ${orDash(order.purchase_ip)}, before paying for the service.`
            : 'No record of the terms being accepted is held for this order.'}
        </Paragraph>
        <Paragraph>
          {`${brand.footer} Refund policy: ${brand.navigation.find((l) => l.label === 'Refund Policy')?.href ?? brand.supportEmail}`}
        </Paragraph>
      </Section>
    </PdfDocument>,
  );
}
