import { formatUtc, statusLabel, type Brand } from '@app/domain';
import { IP_LOCATION_ATTRIBUTION, describePlace } from '../../geo/ipLocation.js';
import { Fields, Paragraph, PdfDocument, Section, Table, orDash, renderPdf } from '../../pdf/components.js';
import type { MailEventRow } from '../webhooks/service.js';
import { CE3_WINDOW_DAYS, type Ce3Assessment, type Ce3Transaction } from './compellingEvidence.js';
import type { EvidenceDocument, EvidenceDownload, EvidenceMail, EvidenceOrder } from './repo.js';

export type DefencePackType = 1 | 2;

/** Where and on what the order was bought. */
export interface PurchaseEvidence {
  ip: string | null;
  location: string | null;
  city: string | null;
  device: string | null;
  device_type: string | null;
  browser: string | null;
  os: string | null;
  device_id: string | null;
}

/** An earlier order on the same credential, as the rule and the table read it. */
export interface PriorTransaction extends Ce3Transaction {
  amount: string;
}

export interface DefencePack {
  type: DefencePackType;
  order: EvidenceOrder;
  purchase: PurchaseEvidence;
  documents: EvidenceDocument[];
  mails: EvidenceMail[];
  mailEvents: MailEventRow[];
  downloads: EvidenceDownload[];
  /** When the order moved to ChargeBack; null when it never did (then the pack's date stands in). */
  disputedAt: string | null;
  ce3: Ce3Assessment<PriorTransaction>;
  brand: Brand;
  generatedAt: string;
  /** The order's custom fields with their labels, in their order: Pack 2's order details. */
  customFields: Array<{ source: string; label: string; value: string }>;
}

export const PACK_TITLES: Record<DefencePackType, string> = {
  1: 'Defence Pack 1: Download evidence',
  2: 'Defence Pack 2: Mail delivery evidence',
};

export const DEVICE_ID_NOTE =
  'Device ID: the first 16 hex digits of SHA-256 over the browser user agent and Accept-Language header.';

const TIME = 'YYYY-MM-DD HH:mm:ss';
const utc = (value: string | null | undefined) => (value ? `${formatUtc(value, TIME)} UTC` : '');
const day = (value: string | null | undefined) => (value ? formatUtc(value, 'YYYY-MM-DD') : '');
const amountOf = (amount: number | null, currency: string | null) =>
  amount === null ? '' : `${Number(amount).toFixed(2)} ${currency ?? ''}`.trim();
/** The passport number is identity evidence, but the pack goes to third parties: only its last four characters. */
const maskPassport = (value: string | null) =>
  value ? `${'*'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}` : '';

/** 'VISA 424242******4242', or the gateway's fingerprint; never more of the number than the gateway gives. */
export function describeCredential(o: EvidenceOrder): string {
  const card =
    o.card_bin || o.card_last4
      ? [o.card_brand, `${o.card_bin ?? ''}${o.card_bin || o.card_last4 ? '******' : ''}${o.card_last4 ?? ''}`]
          .filter(Boolean)
          .join(' ')
      : '';
  const fingerprint = o.card_fingerprint ? `fingerprint ${o.card_fingerprint}` : '';
  return [card, fingerprint].filter(Boolean).join(', ');
}

/** 'Apple iPhone, mobile'; the type only when it adds something ('Desktop, desktop' reads as a stutter). */
const describeDevice = (d: { device: string | null; device_type: string | null }) =>
  d.device_type && d.device?.toLowerCase() !== d.device_type.toLowerCase()
    ? [d.device, d.device_type].filter(Boolean).join(', ')
    : (d.device ?? '');

const addressOf = (o: EvidenceOrder) =>
  [o.address, o.sub_district, o.district_area, o.province].filter(Boolean).join(', ');

export function ce3Verdict({ ce3 }: Pick<DefencePack, 'ce3'>): string {
  if (ce3.qualifies && ce3.pair) {
    return (
      `Qualifies under Visa CE 3.0: orders ${ce3.pair[0]} and ${ce3.pair[1]} match this order on ` +
      `${ce3.elements.join(' and ')}.`
    );
  }
  return (
    'Does not qualify under Visa CE 3.0: there are not two earlier undisputed orders on this credential, ' +
    `settled ${CE3_WINDOW_DAYS.from} to ${CE3_WINDOW_DAYS.to} days before the dispute, that share two core ` +
    'elements with it, one of them the IP address or the device ID.'
  );
}

function timeline({ order, documents, mails, downloads }: DefencePack): unknown[][] {
  const upload = documents.at(-1);
  const mailed = mails.find((m) => m.kind === 'approval' && m.state === 'sent');
  const firstDownload = downloads[0];
  return [
    ['Order placed', utc(order.created_at), `On ${orDash(order.landing_domain)} from IP ${orDash(order.purchase_ip)}`],
    ['Terms and conditions accepted', utc(order.terms_accepted_at), 'Accepted before payment'],
    [
      'Payment taken',
      utc(order.paid_at),
      `${amountOf(order.amount, order.currency)} via ${orDash(order.gateway_name)}`,
    ],
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
    ['Document delivered', utc(mailed?.delivered_at), mailed?.delivered_at ? 'Reported by the mail provider' : ''],
    [
      'Document downloaded',
      utc(firstDownload?.created_at),
      downloads.length ? `${downloads.length} download(s) by the customer` : 'Not downloaded yet',
    ],
  ];
}

/*
 * Column widths are in points of the 515-point content width. Each column holding a word that must read
 * whole (an 8-digit order id, a YYYY-MM-DD date, "Purchase", a 16-digit device id, a whole IPv4 address) is wide enough for it by the table's own estimate, so no such word is broken: only
 * emails, message ids and long addresses break, after @ . / _ : or -.
 */
function PriorTransactions({ ce3 }: Pick<DefencePack, 'ce3'>) {
  return (
    <Section title={`Prior transactions on the same credential (${ce3.priors.length})`}>
      <Table
        columns={[
          { label: 'Order', flex: 46 },
          { label: 'Settled (UTC)', flex: 56 },
          { label: 'Amount', flex: 38 },
          { label: 'IP address', flex: 76 },
          { label: 'Device ID', flex: 84 },
          { label: 'Email', flex: 72 },
          { label: 'Disputed / refunded', flex: 50 },
          { label: 'Days before dispute', flex: 40 },
          { label: 'CE 3.0', flex: 53 },
        ]}
        rows={ce3.priors.map((p) => [
          p.orderId,
          day(p.settledAt),
          p.amount,
          p.ip,
          p.deviceId,
          p.userId,
          [p.disputed ? 'Disputed' : '', p.refunded ? 'Refunded' : ''].filter(Boolean).join(', ') || 'No',
          p.daysBeforeDispute,
          p.meetsRule ? `Yes: ${p.matches.join(', ')}` : `No${p.matches.length ? ` (${p.matches.join(', ')})` : ''}`,
        ])}
        empty="No earlier order was paid with this payment credential."
      />
    </Section>
  );
}

/** The purchase and every download side by side: where from and on what. */
function DownloadLog({ downloads, purchase, order }: DefencePack) {
  return (
    <Section title={`Download log (${downloads.length})`}>
      <Table
        columns={[
          { label: '#', flex: 48 },
          { label: 'Time (UTC)', flex: 58 },
          { label: 'IP address', flex: 76 },
          { label: 'Location', flex: 68 },
          { label: 'Device', flex: 64 },
          { label: 'Browser', flex: 65 },
          { label: 'OS', flex: 52 },
          { label: 'Device ID', flex: 84 },
        ]}
        rows={[
          [
            'Purchase',
            formatUtc(order.paid_at ?? order.created_at, TIME),
            purchase.ip,
            describePlace(purchase),
            describeDevice(purchase),
            purchase.browser,
            purchase.os,
            purchase.device_id,
          ],
          ...downloads.map((d, i) => [
            i + 1,
            formatUtc(d.created_at, TIME),
            d.ip,
            describePlace(d),
            describeDevice(d),
            d.browser,
            d.os,
            d.device_id,
          ]),
        ]}
        empty=""
      />
      {downloads.length ? null : <Paragraph>The customer has not downloaded the document yet.</Paragraph>}
    </Section>
  );
}

/** What happened to each mail, from queueing to the last provider event. */
function mailTimeline(mail: EvidenceMail, index: number, events: MailEventRow[]): unknown[][] {
  const rows: unknown[][] = [
    [index + 1, utc(mail.created_at), 'Queued', `${mail.kind} mail to ${mail.to_email} via ${mail.provider}`],
  ];
  if (mail.sent_at) {
    rows.push([
      '',
      utc(mail.sent_at),
      'Accepted by provider',
      `Message ID ${orDash(mail.message_id)}; provider message ID ${orDash(mail.provider_message_id)}`,
    ]);
  } else {
    rows.push(['', '', `State: ${mail.state}`, `${mail.attempts} attempt(s)`]);
  }
  for (const e of events.filter((x) => x.mail_id === mail.id)) {
    rows.push(['', utc(e.occurred_at), e.event[0]!.toUpperCase() + e.event.slice(1), e.detail ?? '']);
  }
  return rows;
}

function MailLog({ mails, mailEvents }: DefencePack) {
  return (
    <Section title={`Mail log (${mails.length})`}>
      <Table
        columns={[
          { label: 'Mail', flex: 30 },
          { label: 'Time (UTC)', flex: 85 },
          { label: 'Event', flex: 90 },
          { label: 'Detail', flex: 310 },
        ]}
        rows={mails.flatMap((m, i) => mailTimeline(m, i, mailEvents))}
        empty="No mail has been sent for this order."
      />
    </Section>
  );
}

/** A chargeback evidence pack (docs/product.md#documents-mail-and-evidence): cover, customer, timeline, the evidence of its kind, and the terms. */
export function renderDefencePack(pack: DefencePack): Promise<Buffer> {
  const { order, brand, type, purchase } = pack;
  return renderPdf(
    <PdfDocument
      title={PACK_TITLES[type]}
      brand={order.merchant_name || brand.name}
      subtitle={`Order ${order.order_id} - Transaction ${orDash(order.transaction_id)} - Generated ${utc(pack.generatedAt)}`}
      footer={`${PACK_TITLES[type]} - Order ${order.order_id}`}
      text={JSON.stringify(pack)}
    >
      <Section title="Transaction">
        <Fields
          rows={[
            ['Merchant', order.merchant_name || brand.name],
            ['Transaction ID', order.transaction_id],
            ['Order ID', order.order_id],
            ['Amount', amountOf(order.amount, order.currency)],
            ['Payment gateway', order.gateway_name],
            ['Payment credential', describeCredential(order)],
            ['Order date', utc(order.created_at)],
            ['Payment date', utc(order.paid_at)],
            ['Order status', statusLabel(order.process_status)],
            ['Dispute date', pack.disputedAt ? `${utc(pack.disputedAt)} (moved to ChargeBack)` : 'Not disputed yet'],
            ['Service', `Digital arrival card application, ${order.processing_mode} processing`],
            ...(type === 1 ? [['Visa CE 3.0', ce3Verdict(pack)] as [string, string]] : []),
          ]}
        />
      </Section>
      <Section title="Customer">
        <Fields
          rows={[
            ['Name', order.full_name],
            ['Email', order.email],
            ['Phone', order.phone_number ? `+${order.phone_code ?? ''} ${order.phone_number}` : ''],
            ['Address', addressOf(order)],
            ['Passport nationality', order.nationality],
            ['Passport number', maskPassport(order.passport_number)],
            ['Purchase IP address', order.purchase_ip],
            ['Purchase location', describePlace(purchase)],
            ['Purchase device', [describeDevice(purchase), purchase.os].filter(Boolean).join(', ')],
            ['Purchase device ID', purchase.device_id],
            ['Purchase browser', order.purchase_user_agent],
          ]}
        />
      </Section>
      {type === 2 && pack.customFields.length ? (
        <Section title="Order details">
          <Fields rows={pack.customFields.map((f) => [f.label, f.value] as [string, string])} />
        </Section>
      ) : null}
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
      {type === 1 ? <PriorTransactions ce3={pack.ce3} /> : null}
      {type === 1 ? <DownloadLog {...pack} /> : <MailLog {...pack} />}
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
        <Paragraph>{`Locations: ${IP_LOCATION_ATTRIBUTION}. ${DEVICE_ID_NOTE}`}</Paragraph>
      </Section>
    </PdfDocument>,
  );
}
