import type { Knex } from 'knex';
import { DISPUTE_DUE_STATUSES } from '@app/domain';
import type { ListQuery, Row } from '../../core/resources.js';
import { whereFilter } from '../../db/list.js';

type Db = Knex | Knex.Transaction;

export interface DisputeRow {
  id: number;
  order_id: number | null;
  gateway: string | null;
  network: string;
  reason_code: string;
  reason_category: string;
  amount: number | string;
  currency: string;
  opened_at: string;
  due_by: string;
  status: string;
  submitted_at: string | null;
  outcome_at: string | null;
  notes: string | null;
  external_id: string | null;
  charge_ref: string | null;
  /** The order's nationality when the dispute was opened or matched (the report groups by it). */
  nationality: string | null;
  /** The evidence it has, as the report counts it: see evidenceList. */
  evidence: string;
}

export interface EvidenceItemRow {
  id: number;
  dispute_id: number;
  item: string;
  text: string | null;
  file: string | null;
  original_name: string | null;
  mime_type: string | null;
  added_by_id: number | null;
  added_by: string | null;
  created_at: string;
}

/** A dispute's columns under the names the resource answers. */
export const DISPUTE_RECORD_COLUMNS = [
  'd.id',
  'd.order_id as orderId',
  'd.gateway',
  'd.network',
  'd.reason_code as reasonCode',
  'd.reason_category as reasonCategory',
  'd.amount',
  'd.currency',
  'd.opened_at as openedAt',
  'd.due_by as dueBy',
  'd.status',
  'd.submitted_at as submittedAt',
  'd.outcome_at as outcomeAt',
  'd.notes',
  'd.charge_ref as chargeRef',
  'd.external_id as externalId',
];

/**
 * A page of disputes and how many match, in the order of the index that serves the filter and sort (the
 * Disputes due view: disputes_status_due_by, whose entries end with the id). A page in the back half is
 * read from the end backwards and turned round, so that the first and the last page each read their own
 * rows only, not the ones before them.
 */
export async function pageOfDisputes(db: Knex, query: ListQuery): Promise<{ rows: Row[]; total: number }> {
  const filtered = () => {
    const q = db('disputes as d');
    for (const filter of query.filters) whereFilter(q, `d.${filter.column}`, filter);
    return q;
  };
  const counted = (await filtered().count({ n: '*' }).first()) as { n?: number | string } | undefined;
  const total = Number(counted?.n ?? 0);
  const fromEnd = query.start + query.end >= total;
  const offset = fromEnd ? Math.max(0, total - 1 - query.end) : query.start;
  const limit = fromEnd ? total - query.start - offset : query.end - query.start + 1;
  if (limit <= 0) return { rows: [], total };
  const way = fromEnd === (query.sort.order === 'asc') ? 'desc' : 'asc';
  const rows: Row[] = await filtered()
    .select(DISPUTE_RECORD_COLUMNS)
    .orderBy(`d.${query.sort.column}`, way)
    .orderBy('d.id', way)
    .offset(offset)
    .limit(limit);
  return { rows: fromEnd ? rows.reverse() : rows, total };
}

export const findDispute = (db: Db, id: number): Promise<DisputeRow | undefined> =>
  db('disputes').where({ id }).first();

export const lockDispute = (trx: Knex.Transaction, id: number): Promise<DisputeRow | undefined> =>
  trx('disputes').where({ id }).forUpdate().first();

export const findDisputeByExternalId = (trx: Knex.Transaction, externalId: string): Promise<DisputeRow | undefined> =>
  trx('disputes').where({ external_id: externalId }).forUpdate().first();

export async function insertDispute(trx: Knex.Transaction, row: Omit<DisputeRow, 'id'> & object): Promise<number> {
  const [inserted] = await trx('disputes').insert(row);
  return typeof inserted === 'object' ? Number((inserted as { id: number }).id) : Number(inserted);
}

export const updateDispute = (trx: Knex.Transaction, id: number, patch: Record<string, unknown>) =>
  trx('disputes').where({ id }).update(patch);

/** The order whose payment a gateway names (its charge or payment intent id), by index. */
export const findOrderByTransaction = (db: Db, refs: string[]): Promise<{ order_id: number } | undefined> =>
  db('orders').whereIn('transaction_id', refs).orderBy('order_id', 'desc').first('order_id');

/** The evidence an order's own records give, each as SQL over the order `o`. */
const RECORD_EVIDENCE: ReadonlyArray<[item: string, sql: string]> = [
  ['download_log', 'EXISTS (SELECT 1 FROM download_history x WHERE x.order_id = o.order_id)'],
  [
    'delivery_events',
    'EXISTS (SELECT 1 FROM mail_outbox x WHERE x.order_id = o.order_id AND x.delivered_at IS NOT NULL)',
  ],
  ['finished_document', 'EXISTS (SELECT 1 FROM uploaded_documents x WHERE x.order_id = o.order_id)'],
  ['terms_accepted', 'o.terms_accepted_at IS NOT NULL'],
];

/**
 * A dispute's evidence as stored: the items, each once, in name order, comma-separated ('' for none), so
 * that the report groups the disputes by the list and a dispute counts under each of its items once.
 */
export const evidenceList = (items: Iterable<string>) => [...new Set(items)].filter(Boolean).sort().join(',');
export const evidenceItems = (list: string) => (list ? list.split(',') : []);

export interface DisputeOrder {
  order_id: number;
  currency: string | null;
  gateway_name: string | null;
  nationality: string | null;
  /** The items of evidence its records give. */
  items: string[];
}

/** Orders as a dispute on them takes them: currency, gateway, nationality and the evidence their records give. */
export async function disputeOrders(db: Db, orderIds: number[]): Promise<Map<number, DisputeOrder>> {
  const found = new Map<number, DisputeOrder>();
  const ids = [...new Set(orderIds)];
  // Chunks keep the bound values under SQLite's limit when the bulk seed asks for thousands.
  for (let i = 0; i < ids.length; i += 500) {
    const rows: Array<Record<string, unknown>> = await db('orders as o')
      .leftJoin('payment_gateways as g', 'g.id', 'o.gateway_id')
      .whereIn('o.order_id', ids.slice(i, i + 500))
      .select(
        'o.order_id',
        'o.currency',
        'g.gateway_name',
        'o.nationality',
        ...RECORD_EVIDENCE.map(([item, sql]) => db.raw(`CASE WHEN ${sql} THEN 1 ELSE 0 END as ??`, [item])),
      );
    for (const row of rows)
      found.set(Number(row.order_id), {
        order_id: Number(row.order_id),
        currency: row.currency as string | null,
        gateway_name: row.gateway_name as string | null,
        nationality: row.nationality as string | null,
        items: RECORD_EVIDENCE.filter(([item]) => Number(row[item]) === 1).map(([item]) => item),
      });
  }
  return found;
}

export const findDisputeOrder = async (db: Db, orderId: number): Promise<DisputeOrder | undefined> =>
  (await disputeOrders(db, [orderId])).get(orderId);

/** Keeps a gateway event's id; false when it was already kept (a replay, or a retry of one applied). */
export async function noteWebhookEvent(
  trx: Knex.Transaction,
  event: { provider: string; eventId: string; type: string; receivedAt: string },
): Promise<boolean> {
  const seen = await trx('gateway_webhook_events')
    .where({ provider: event.provider, event_id: event.eventId })
    .first('event_id');
  if (seen) return false;
  await trx('gateway_webhook_events').insert({
    provider: event.provider,
    event_id: event.eventId,
    type: event.type,
    received_at: event.receivedAt,
  });
  return true;
}

export const evidenceItemsOf = (db: Db, disputeId: number): Promise<EvidenceItemRow[]> =>
  db('dispute_evidence').where({ dispute_id: disputeId }).orderBy('id');

export async function insertEvidenceItem(trx: Knex.Transaction, row: Omit<EvidenceItemRow, 'id'> & object) {
  const [inserted] = await trx('dispute_evidence').insert(row);
  return typeof inserted === 'object' ? Number((inserted as { id: number }).id) : Number(inserted);
}

export const findEvidenceItem = (db: Db, disputeId: number, itemId: number): Promise<EvidenceItemRow | undefined> =>
  db('dispute_evidence').where({ dispute_id: disputeId, id: itemId }).first();

/** How many disputes wait for an answer (the Disputes due count). */
export async function dueCount(db: Db): Promise<number> {
  const row = await db('disputes').whereIn('status', DISPUTE_DUE_STATUSES).count({ n: '*' }).first();
  return Number((row as { n?: number | string } | undefined)?.n ?? 0);
}

/** Disputes waiting for an answer whose deadline is at or before `before` (the deadline pass reads only these). */
export const dueBefore = (db: Db, before: string): Promise<Array<Pick<DisputeRow, 'id' | 'order_id' | 'due_by'>>> =>
  db('disputes')
    .whereIn('status', DISPUTE_DUE_STATUSES)
    .where('due_by', '<=', before)
    .orderBy('due_by')
    .select('id', 'order_id', 'due_by', 'notice_5_at', 'notice_2_at');

/** Claims a deadline notice: true for the one caller that set it, whatever the processes. */
export const claimNotice = async (trx: Knex.Transaction, id: number, column: string, patch: Record<string, unknown>) =>
  (await trx('disputes').where({ id }).whereNull(column).whereIn('status', DISPUTE_DUE_STATUSES).update(patch)) === 1;

/** Moves a dispute past its deadline to expired; true for the one caller that did. */
export const expireDispute = async (trx: Knex.Transaction, id: number, now: string) =>
  (await trx('disputes')
    .where({ id })
    .whereIn('status', DISPUTE_DUE_STATUSES)
    .where('due_by', '<', now)
    .update({ status: 'expired', outcome_at: now, updated_at: now })) === 1;

/** Disputes of one group, status and currency: how many, and their amount. */
export interface ReportTally {
  grp: string;
  status: string;
  currency: string;
  n: number | string;
  amount: number | string;
}

/** What each report group is, as SQL over the dispute `d`. */
const GROUP_KEYS = {
  // Both databases answer a datetime as 'YYYY-MM-DD HH:MM:SS' text here.
  month: 'substr(d.opened_at, 1, 7)',
  gateway: "coalesce(d.gateway, '')",
  network: 'd.network',
  reasonCode: 'd.reason_code',
  nationality: "coalesce(d.nationality, '')",
  // The list of items: the service counts each group under each of its items.
  evidence: 'd.evidence',
} as const;
export type TallyGroup = keyof typeof GROUP_KEYS;

/**
 * Disputes opened in the period (datetimes, both included) counted per group, status and currency by the
 * database: one range of disputes_report, which holds every column read.
 */
export const tallyOpenedIn = (db: Knex, from: string, to: string, group: TallyGroup): Promise<ReportTally[]> =>
  db('disputes as d')
    .whereBetween('d.opened_at', [from, to])
    .select(db.raw(`${GROUP_KEYS[group]} as grp`), 'd.status', 'd.currency')
    .count({ n: '*' })
    .sum({ amount: 'd.amount' })
    .groupByRaw('1, 2, 3');

/** Disputes opened in a month by network, and the orders created in it: the dashboard's dispute rate. */
export async function monthRate(db: Knex, from: string, to: string) {
  const [disputes, orders] = await Promise.all([
    db('disputes')
      .whereBetween('opened_at', [from, to])
      .groupBy('network')
      .select('network', db.raw('count(*) as n')) as Promise<Array<{ network: string; n: number | string }>>,
    db('orders').whereBetween('created_at', [from, to]).count({ n: '*' }).first(),
  ]);
  return {
    byNetwork: new Map(disputes.map((r) => [r.network, Number(r.n)])),
    orders: Number((orders as { n?: number | string } | undefined)?.n ?? 0),
  };
}

export const thresholdSettings = (db: Knex): Promise<Array<{ key: string; value: string | null }>> =>
  db('settings').where('key', 'like', 'disputes.threshold.%').select('key', 'value');
