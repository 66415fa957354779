import type { Knex } from 'knex';

/** Rows per log in a pack: a real dispute has a handful; the cap keeps a scraped order from making a huge PDF. */
export const PACK_LOG_LIMIT = 500;

export interface EvidenceOrder {
  order_id: number;
  process_status: string;
  processing_mode: string;
  full_name: string | null;
  email: string;
  phone_code: string | null;
  phone_number: string | null;
  nationality: string | null;
  passport_number: string | null;
  landing_domain: string | null;
  transaction_id: string | null;
  merchant_name: string | null;
  amount: number | null;
  currency: string | null;
  gateway_name: string | null;
  created_at: string;
  paid_at: string | null;
  purchase_ip: string | null;
  purchase_user_agent: string | null;
  terms_accepted_at: string | null;
  processed_by: string | null;
  processed_at: string | null;
  address: string | null;
  sub_district: string | null;
  district_area: string | null;
  province: string | null;
  card_brand: string | null;
  card_bin: string | null;
  card_last4: string | null;
  card_fingerprint: string | null;
  payment_credential: string | null;
  purchase_location: string | null;
  purchase_city: string | null;
  purchase_device: string | null;
  purchase_device_type: string | null;
  purchase_browser: string | null;
  purchase_os: string | null;
  purchase_device_id: string | null;
}

export interface EvidenceDocument {
  file1: string;
  original_name: string | null;
  mime_type: string;
  uploaded_by: string | null;
  created_at: string;
}

export interface EvidenceMail {
  id: number;
  kind: string;
  provider: string;
  to_email: string;
  state: string;
  attempts: number;
  message_id: string | null;
  provider_message_id: string | null;
  sent_at: string | null;
  delivered_at: string | null;
  bounced_at: string | null;
  bounce_reason: string | null;
  complained_at: string | null;
  opened_at: string | null;
  clicked_at: string | null;
  created_at: string;
}

export interface EvidenceDownload {
  created_at: string;
  ip: string | null;
  location: string | null;
  city: string | null;
  device_id: string | null;
  device: string | null;
  device_type: string | null;
  browser: string | null;
  os: string | null;
  file1: string | null;
}

const CREDENTIAL_COLUMNS = ['card_brand', 'card_bin', 'card_last4', 'card_fingerprint', 'payment_credential'];
const PURCHASE_COLUMNS = [
  'purchase_location',
  'purchase_city',
  'purchase_device',
  'purchase_device_type',
  'purchase_browser',
  'purchase_os',
  'purchase_device_id',
];

export const findEvidenceOrder = (db: Knex, orderId: number): Promise<EvidenceOrder | undefined> =>
  db('orders as o')
    .leftJoin('payment_gateways as g', 'g.id', 'o.gateway_id')
    .where('o.order_id', orderId)
    .first(
      ...[
        'order_id',
        'process_status',
        'processing_mode',
        'full_name',
        'email',
        'phone_code',
        'phone_number',
        'nationality',
        'passport_number',
        'landing_domain',
        'transaction_id',
        'merchant_name',
        'amount',
        'currency',
        'created_at',
        'paid_at',
        'purchase_ip',
        'purchase_user_agent',
        'terms_accepted_at',
        'processed_by',
        'processed_at',
        'address',
        'sub_district',
        'district_area',
        'province',
        ...CREDENTIAL_COLUMNS,
        ...PURCHASE_COLUMNS,
      ].map((c) => `o.${c}`),
      'g.gateway_name',
    );

/** The order's documents, mails and downloads, oldest first, as the evidence timeline reads. */
export async function findEvidenceLogs(db: Knex, orderId: number) {
  const [documents, mails, downloads]: [EvidenceDocument[], EvidenceMail[], EvidenceDownload[]] = await Promise.all([
    db('uploaded_documents')
      .where({ order_id: orderId })
      .orderBy('id')
      .limit(PACK_LOG_LIMIT)
      .select('file1', 'original_name', 'mime_type', 'uploaded_by', 'created_at'),
    db('mail_outbox')
      .where({ order_id: orderId })
      .orderBy('id')
      .limit(PACK_LOG_LIMIT)
      .select(
        'id',
        'kind',
        'provider',
        'to_email',
        'state',
        'attempts',
        'message_id',
        'provider_message_id',
        'sent_at',
        'delivered_at',
        'bounced_at',
        'bounce_reason',
        'complained_at',
        'opened_at',
        'clicked_at',
        'created_at',
      ),
    db('download_history')
      .where({ order_id: orderId })
      .orderBy('id')
      .limit(PACK_LOG_LIMIT)
      .select('created_at', 'ip', 'location', 'city', 'device_id', 'device', 'device_type', 'browser', 'os', 'file1'),
  ]);
  return { documents, mails, downloads };
}

/** When the order was disputed: its latest move to ChargeBack, or undefined if it never was. */
export async function findDisputeDate(db: Knex, orderId: number): Promise<string | undefined> {
  const row = await db('audit_events')
    .where({ order_id: orderId, to_value: 'ChargeBack' })
    .where('action', 'move')
    .orderBy('id', 'desc')
    .first('created_at');
  return row?.created_at;
}

export interface PriorOrder {
  order_id: number;
  process_status: string;
  created_at: string;
  paid_at: string | null;
  refund_date: string | null;
  amount: number | null;
  currency: string | null;
  email: string;
  purchase_ip: string | null;
  purchase_device_id: string | null;
  address: string | null;
  sub_district: string | null;
  district_area: string | null;
  province: string | null;
  /** 1 when the order is or ever was in ChargeBack. */
  ever_disputed: number | string;
}

/** The customer's earlier orders on the same payment credential, newest first. */
export const findPriorOrders = (
  db: Knex,
  { orderId, credential, before }: { orderId: number; credential: string; before: string },
): Promise<PriorOrder[]> =>
  db('orders as o')
    .where('o.payment_credential', credential)
    .whereNot('o.order_id', orderId)
    .where('o.created_at', '<', before)
    .orderBy('o.order_id', 'desc')
    .limit(PACK_LOG_LIMIT)
    .select(
      ...[
        'order_id',
        'process_status',
        'created_at',
        'paid_at',
        'refund_date',
        'amount',
        'currency',
        'email',
        'purchase_ip',
        'purchase_device_id',
        'address',
        'sub_district',
        'district_area',
        'province',
      ].map((c) => `o.${c}`),
      db.raw(
        `case when o.process_status = 'ChargeBack' or exists (select 1 from audit_events a ` +
          `where a.order_id = o.order_id and a.to_value = 'ChargeBack') then 1 else 0 end as ever_disputed`,
      ),
    );
