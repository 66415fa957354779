import type { Knex } from 'knex';
import { seqOf } from '../../db/list.js';
import type { TableRecords } from '../../db/list.js';

/** One outbox row as the worker reads it. */
export interface OutboxRow {
  id: number;
  order_id: number | null;
  kind: string;
  provider: string;
  to_email: string;
  subject: string;
  payload: string;
  document_id: number | null;
  state: string;
  attempts: number;
  created_at: string;
}

const DELIVERABLE = ['queued', 'sending'];

/** Candidates read beyond `limit`, so that a worker losing a row to another one claims the next instead. */
const SPARE_CANDIDATES = 8;

/**
 * Claims up to `limit` due rows for `workerId` until `leaseUntil` (docs/decisions/mail-outbox.md): a conditional
 * UPDATE per row that only succeeds while nobody else holds a live claim, so two workers never hold
 * the same row. An expired claim ('sending' whose worker died) is taken over: the mail it was sending
 * may have reached the server already, so it can arrive twice, with the same Message-ID (the worker
 * claims one row at a time, right before sending it, so that is at most one mail per dead worker).
 * The attempt is counted at claim time, so a row that crashes its worker still ends up failed.
 */
export async function claimDueMails(
  db: Knex,
  {
    workerId,
    now,
    leaseUntil,
    limit,
    after = 0,
  }: {
    workerId: string;
    now: string;
    leaseUntil: string;
    limit: number;
    /** Only rows with a greater id: a round goes forward and tries each row once. */
    after?: number;
  },
): Promise<OutboxRow[]> {
  const free = (q: Knex.QueryBuilder) =>
    q
      .where('id', '>', after)
      .whereIn('state', DELIVERABLE)
      .where('next_attempt_at', '<=', now)
      .where((w) => w.whereNull('claimed_by').orWhere('claimed_until', '<', now));
  const candidates: Array<{ id: number }> = await free(db('mail_outbox').select('id'))
    .orderBy('id')
    .limit(limit + SPARE_CANDIDATES);
  const claimed: number[] = [];
  for (const { id } of candidates) {
    if (claimed.length === limit) break;
    const taken = await free(db('mail_outbox').where({ id })).update({
      state: 'sending',
      claimed_by: workerId,
      claimed_until: leaseUntil,
      attempts: db.raw('attempts + 1'),
    });
    if (taken === 1) claimed.push(id);
  }
  if (!claimed.length) return [];
  return db('mail_outbox').whereIn('id', claimed).where({ claimed_by: workerId }).orderBy('id') as Promise<OutboxRow[]>;
}

/** Marks a row sent, only while this worker still holds it. */
export const markMailSent = (db: Knex, id: number, workerId: string, messageId: string, sentAt: string) =>
  db('mail_outbox')
    .where({ id, claimed_by: workerId })
    .update({
      state: 'sent',
      message_id: messageId.slice(0, 255),
      sent_at: sentAt,
      last_error: null,
      claimed_by: null,
      claimed_until: null,
    });

/** Gives a row back after a failed attempt: queued again at `nextAttemptAt`, or failed for good. */
export const markMailAttemptFailed = (
  db: Knex,
  id: number,
  workerId: string,
  { error, final, nextAttemptAt }: { error: string; final: boolean; nextAttemptAt: string },
) =>
  db('mail_outbox')
    .where({ id, claimed_by: workerId })
    .update({
      state: final ? 'failed' : 'queued',
      last_error: error.slice(0, 2000),
      next_attempt_at: nextAttemptAt,
      claimed_by: null,
      claimed_until: null,
    });

/** The order a mail is about, with the name of the gateway that took the payment. */
export interface MailOrder {
  order_id: number;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string;
  landing_domain: string | null;
  nationality: string | null;
  processing_mode: string;
  process_status: string;
  amount: number | null;
  currency: string | null;
  transaction_id: string | null;
  merchant_name: string | null;
  paid_at: string | null;
  refund_date: string | null;
  created_at: string;
  gateway_name: string | null;
}

/** One outbox row by its id. */
export const findOutboxRow = (db: Knex, id: number): Promise<OutboxRow | undefined> =>
  db('mail_outbox').where({ id }).first();

export const findMailOrder = (db: Knex, orderId: number): Promise<MailOrder | undefined> =>
  db('orders as o')
    .leftJoin('payment_gateways as g', 'g.id', 'o.gateway_id')
    .where('o.order_id', orderId)
    .first(
      'o.order_id',
      'o.full_name',
      'o.first_name',
      'o.last_name',
      'o.email',
      'o.landing_domain',
      'o.nationality',
      'o.processing_mode',
      'o.process_status',
      'o.amount',
      'o.currency',
      'o.transaction_id',
      'o.merchant_name',
      'o.paid_at',
      'o.refund_date',
      'o.created_at',
      'g.gateway_name',
    );

/** Mails as records of the mails resource (Email History): outbox state, Message-ID and the document sent. */
export const mailRecords: TableRecords = {
  from: (db) => db('mail_outbox as m').leftJoin('uploaded_documents as d', 'd.id', 'm.document_id'),
  columns: (db) => [
    'm.id',
    'm.order_id',
    'm.kind',
    'm.provider',
    'm.to_email',
    'm.subject',
    'm.state',
    'm.attempts',
    'm.last_error',
    'm.message_id',
    'm.sent_at',
    'm.provider_message_id',
    'm.delivered_at',
    'm.bounced_at',
    'm.bounce_reason',
    'm.complained_at',
    'm.opened_at',
    'm.clicked_at',
    'm.document_id',
    'm.created_at',
    'd.file1',
    seqOf(db, 'mail_outbox', 'm'),
  ],
  alias: 'm',
  toRecord: (row) => ({ ...row, seq: Number(row.seq) }),
};

/** An order's latest outbox mail of a kind. */
export const latestOutboxRowOf = (db: Knex, orderId: number, kind: string): Promise<OutboxRow | undefined> =>
  db('mail_outbox').where({ order_id: orderId, kind }).orderBy('id', 'desc').first();
