import { EVIDENCE_CHECKLISTS, EVIDENCE_ITEMS, formatUtc, type DisputeCategory, type EvidenceItem } from '@app/domain';
import { ce3Verdict, type orderEvidence } from '../evidence/service.js';
import type { DisputeRow, EvidenceItemRow } from './repo.js';

/** An order's evidence as the evidence area assembles it for the member's role. */
export type OrderEvidence = NonNullable<Awaited<ReturnType<typeof orderEvidence>>>;

export interface ChecklistEntry {
  item: EvidenceItem;
  stripeField: string;
  present: boolean;
  /** What was found, in a line; null when missing. */
  summary: string | null;
  /** Items people added for it. */
  added: Array<{ id: number; text: string | null; fileName: string | null; addedBy: string | null; createdAt: string }>;
}

export interface PriorOrderEvidence {
  orderId: number;
  settledAt: string;
  daysBeforeDispute: number;
  matches: string[];
  meetsRule: boolean;
}

const TIME = 'YYYY-MM-DD HH:mm';
const utc = (value: string | null | undefined) => (value ? `${formatUtc(value, TIME)} UTC` : '');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What the order's own records say for each item that can be filled from them (null: nothing found). */
function foundIn(evidence: OrderEvidence | undefined, network: string): Partial<Record<EvidenceItem, string | null>> {
  if (!evidence) return {};
  const { order, purchase, downloads, mails, mailEvents, documents, ce3 } = evidence;
  const delivered = mails.filter((m) => m.delivered_at || m.opened_at || m.clicked_at);
  const ips = [...new Set(downloads.map((d) => d.ip).filter(Boolean))];
  const devices = [...new Set(downloads.map((d) => d.device ?? d.device_id).filter(Boolean))];
  const programme = network === 'mastercard' ? 'Mastercard First-Party Trust' : 'Visa CE 3.0';
  return {
    purchase:
      purchase.ip || purchase.device_id
        ? `Bought from ${[purchase.ip, purchase.device, purchase.city].filter(Boolean).join(', ')}`
        : null,
    terms_accepted: order.terms_accepted_at ? `Terms accepted ${utc(order.terms_accepted_at)}` : null,
    download_log: downloads.length
      ? `${plural(downloads.length, 'download')} from ${plural(ips.length, 'IP')} (${ips.join(', ')}), ${plural(devices.length, 'device')}`
      : null,
    delivery_events: delivered.length
      ? `${plural(delivered.length, 'mail')} delivered, ${plural(mailEvents.length, 'provider event')}`
      : null,
    timeline: `Ordered ${utc(order.created_at)}${order.processed_at ? `, processed ${utc(order.processed_at)}` : ''}${
      documents.length ? `, document uploaded ${utc(documents.at(-1)!.created_at)}` : ''
    }`,
    finished_document: documents.length ? `${documents.at(-1)!.original_name ?? documents.at(-1)!.file1}` : null,
    customer_mails: mails.length ? `${plural(mails.length, 'mail')} to ${mails[0]!.to_email}` : null,
    prior_transactions: ce3.qualifies ? `${programme}: ${ce3Verdict({ ce3 })}` : null,
  };
}

/** The checklist of a dispute's category: each item present (from the order or added by a person) or missing. */
export function checklistOf(
  dispute: Pick<DisputeRow, 'reason_category' | 'network'>,
  evidence: OrderEvidence | undefined,
  added: EvidenceItemRow[],
): ChecklistEntry[] {
  const found = foundIn(evidence, dispute.network);
  const items = EVIDENCE_CHECKLISTS[dispute.reason_category as DisputeCategory] ?? EVIDENCE_CHECKLISTS.other;
  // Items people added outside the category's list are kept too: what was sent is what was sent.
  const extra = added.map((a) => a.item as EvidenceItem).filter((item) => !items.includes(item));
  return [...items, ...new Set(extra)].map((item) => {
    const mine = added.filter((a) => a.item === item);
    const summary = found[item] ?? null;
    return {
      item,
      stripeField: EVIDENCE_ITEMS[item]?.stripeField ?? 'uncategorized_text',
      present: !!summary || mine.length > 0,
      summary,
      added: mine.map((a) => ({
        id: Number(a.id),
        text: a.text,
        fileName: a.original_name,
        addedBy: a.added_by,
        createdAt: a.created_at,
      })),
    };
  });
}

/** The earlier orders on the same card as the CE 3.0 / First-Party Trust rule read them. */
export const priorOrdersOf = (evidence: OrderEvidence | undefined): PriorOrderEvidence[] =>
  (evidence?.ce3.priors ?? []).map((p) => ({
    orderId: p.orderId,
    settledAt: p.settledAt,
    daysBeforeDispute: p.daysBeforeDispute,
    matches: p.matches,
    meetsRule: p.meetsRule,
  }));

/** Stripe's evidence fields that take a file. */
const FILE_FIELDS = new Set([
  'cancellation_policy',
  'customer_communication',
  'customer_signature',
  'duplicate_charge_documentation',
  'receipt',
  'refund_policy',
  'service_documentation',
  'shipping_documentation',
  'uncategorized_file',
]);

/** A file an evidence field refers to: fetched by the gateway's uploader, then sent by the file id it gets. */
interface FileReference {
  file: { name: string; mimeType: string; url: string };
}

/**
 * The evidence under Stripe's field names (text fields as text, file fields as references to fetch and
 * upload), so one answer serves Stripe's API and, mapped by name, any other gateway's.
 */
export function stripeEvidence(
  evidence: OrderEvidence | undefined,
  added: EvidenceItemRow[],
  fileUrl: (item: EvidenceItemRow) => string,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const texts: Record<string, string[]> = {};
  // Stripe takes a file, not text, in these: a text meant for one goes with the uncategorised text.
  const addText = (field: string, text: string | null | undefined) => {
    if (text) (texts[FILE_FIELDS.has(field) ? 'uncategorized_text' : field] ??= []).push(text);
  };
  if (evidence) {
    const { order, purchase, downloads, mails, documents, ce3 } = evidence;
    fields.customer_name = order.full_name;
    fields.customer_email_address = order.email;
    fields.customer_purchase_ip = purchase.ip;
    fields.billing_address =
      [order.address, order.sub_district, order.district_area, order.province].filter(Boolean).join(', ') || null;
    fields.product_description = `Thailand digital arrival card application, order ${order.order_id} (${order.processing_mode}).`;
    fields.service_date = formatUtc(order.processed_at ?? order.paid_at ?? order.created_at, 'YYYY-MM-DD');
    addText(
      'access_activity_log',
      downloads
        .map((d) => `${utc(d.created_at)} ${[d.ip, d.city, d.device, d.browser, d.os].filter(Boolean).join(', ')}`)
        .join('\n') || null,
    );
    addText(
      'refund_policy_disclosure',
      order.terms_accepted_at
        ? `The customer accepted the terms and refund policy on ${utc(order.terms_accepted_at)}.`
        : null,
    );
    addText(
      'uncategorized_text',
      mails
        .map(
          (m) =>
            `${utc(m.created_at)} ${m.kind} mail to ${m.to_email}: ${m.state}${m.delivered_at ? `, delivered ${utc(m.delivered_at)}` : ''}`,
        )
        .join('\n') || null,
    );
    if (documents.length) {
      const doc = documents.at(-1)!;
      fields.service_documentation = {
        file: {
          name: doc.original_name ?? doc.file1,
          mimeType: doc.mime_type,
          url: `/uploads/docs/${order.order_id}_${doc.file1}`,
        },
      } satisfies FileReference;
    }
    if (ce3.qualifies) {
      addText('uncategorized_text', ce3Verdict({ ce3 }));
      const pair = new Set(ce3.pair ?? []);
      fields.enhanced_evidence = {
        visa_compelling_evidence_3: {
          disputed_transaction: {
            customer_device_id: purchase.device_id,
            customer_email_address: order.email,
            customer_purchase_ip: purchase.ip,
          },
          prior_undisputed_transactions: ce3.priors
            .filter((p) => pair.has(p.orderId))
            .map((p) => ({
              order_id: p.orderId,
              customer_device_id: p.deviceId,
              customer_email_address: p.userId,
              customer_purchase_ip: p.ip,
              shipping_address: p.address,
            })),
        },
      };
    }
  }
  for (const item of added) {
    const field = EVIDENCE_ITEMS[item.item as EvidenceItem]?.stripeField ?? 'uncategorized_text';
    if (item.file) {
      const reference: FileReference = {
        file: { name: item.original_name ?? item.file, mimeType: item.mime_type ?? '', url: fileUrl(item) },
      };
      // A file field takes one file: a second one goes with the uncategorised file.
      if (FILE_FIELDS.has(field) && fields[field] === undefined) fields[field] = reference;
      else fields.uncategorized_file ??= reference;
    }
    addText(field === 'enhanced_evidence' ? 'uncategorized_text' : field, item.text);
  }
  for (const [field, lines] of Object.entries(texts)) fields[field] = lines.join('\n\n');
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined && v !== ''));
}
