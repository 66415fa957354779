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
}

export interface EvidenceDocument {
  file1: string;
  original_name: string | null;
  mime_type: string;
  uploaded_by: string | null;
  created_at: string;
}

export interface EvidenceMail {
  kind: string;
  provider: string;
  to_email: string;
  state: string;
  attempts: number;
  message_id: string | null;
  sent_at: string | null;
  created_at: string;
}

export interface EvidenceDownload {
  created_at: string;
  ip: string | null;
  location: string | null;
  device: string | null;
  device_type: string | null;
  browser: string | null;
  os: string | null;
  file1: string | null;
}

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
      .select('kind', 'provider', 'to_email', 'state', 'attempts', 'message_id', 'sent_at', 'created_at'),
    db('download_history')
      .where({ order_id: orderId })
      .orderBy('id')
      .limit(PACK_LOG_LIMIT)
      .select('created_at', 'ip', 'location', 'device', 'device_type', 'browser', 'os', 'file1'),
  ]);
  return { documents, mails, downloads };
}

export const saveTransactionDetails = (
  trx: Knex.Transaction,
  orderId: number,
  details: { transactionId: string; merchantName: string },
  now: string,
) =>
  trx('orders')
    .where({ order_id: orderId })
    .update({ transaction_id: details.transactionId, merchant_name: details.merchantName, updated_at: now });
