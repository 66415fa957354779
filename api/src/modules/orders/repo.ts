import type { Knex } from 'knex';
import { dialectOf, type Dialect } from '../../db/knex.js';
import { dayjs, DB_DATE, type QueueFilter } from '@app/domain';
import { remarkView } from '../remarks/repo.js';
import type { SortField } from './schemas.js';

/** What a queue table shows of an order: enough for every column set, nothing more. */
const LIST_COLUMNS = [
  'order_id',
  'first_name',
  'last_name',
  'full_name',
  'email',
  'contact_email_address',
  'phone_code',
  'phone_number',
  'nationality',
  'created_at',
  'processing_mode',
  'process_status',
  'processing_date',
  'process_month',
  'refund_date',
  'assign_to',
  'assignee_id',
];

/** An order as a change needs it: the facts the counters depend on, plus what mails and messages use. */
export interface LockedOrder {
  order_id: number;
  process_status: string;
  processing_mode: string;
  assignee_id: number | null;
  assign_to: string | null;
  processing_date: string | null;
  email: string;
}

/** A query condition added to a query on `orders`. */
export type OrderCondition = (query: Knex.QueryBuilder) => void;

/** The SQL of a queue filter (domain/queues.ts), for member `memberId` on day `today`. */
export const queueCondition =
  (filter: QueueFilter, memberId: number, today: string): OrderCondition =>
  (q) => {
    if (filter.statusIn) q.whereIn('process_status', filter.statusIn);
    if (filter.statusNotIn) q.whereNotIn('process_status', filter.statusNotIn);
    if (filter.modeIn) q.whereIn('processing_mode', filter.modeIn);
    if (filter.modeNotIn) q.whereNotIn('processing_mode', filter.modeNotIn);
    if (filter.assigned === true) q.whereNotNull('assignee_id');
    if (filter.assigned === false) q.whereNull('assignee_id');
    if (filter.assignedToMe) q.where('assignee_id', memberId);
    if (filter.processingDate === 'due') {
      q.where((w) => w.whereNull('processing_date').orWhere('processing_date', '<=', today));
    }
    if (filter.processingDate === 'future') q.where('processing_date', '>', today);
  };

/** Processing date within one month ('YYYY-MM'): a range, so the status/mode/date index serves it. */
export const monthCondition =
  (month: string): OrderCondition =>
  (q) => {
    const first = dayjs.utc(`${month}-01`);
    q.where('processing_date', '>=', first.format(DB_DATE)).where(
      'processing_date',
      '<',
      first.add(1, 'month').format(DB_DATE),
    );
  };

/** `!` escapes LIKE wildcards the same way on SQLite and MySQL (a backslash does not). */
const likePrefix = (text: string) => `${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** Ids starting with these digits: one primary-key range per possible length, up to 15 digits. */
function idPrefixRanges(digits: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  if (digits.startsWith('0')) return ranges;
  for (let scale = 1, length = digits.length; length <= 15; length++, scale *= 10) {
    ranges.push([Number(digits) * scale, (Number(digits) + 1) * scale - 1]);
  }
  return ranges;
}

/**
 * The ways a search text can match, one condition each, chosen by its shape: digits are an order id
 * (exact, or a prefix as primary-key ranges) or the start of an email; text with '@' is the start of
 * an email or contact email; other text is a last name (exactly) or a full name (exactly, or its start
 * from 3 characters, so a first name), or from 3 characters the start of an email. Each is one index
 * lookup (DESIGN section 7), never a '%text%' scan, and each is read on its own (findSearchIds): an OR
 * of them makes MySQL fetch and sort every match.
 */
export function searchConditions(text: string, dialect: Dialect): OrderCondition[] {
  const prefix = likePrefix(text);
  // Whole and case-blind as MySQL's collation compares; SQLite's '=' tells cases apart, its LIKE does not.
  const equals =
    (column: string): OrderCondition =>
    (q) =>
      dialect === 'mysql' ? q.where(column, text) : q.whereRaw(`?? LIKE ? ESCAPE '!'`, [column, prefix.slice(0, -1)]);
  const startsWith =
    (column: string): OrderCondition =>
    (q) =>
      q.whereRaw(`?? LIKE ? ESCAPE '!'`, [column, prefix]);
  const emails = [startsWith('email'), startsWith('contact_email_address')];
  if (/^\d{1,15}$/.test(text)) {
    const ranges = idPrefixRanges(text);
    const byId: OrderCondition = (q) =>
      q.where((w) => {
        for (const [low, high] of ranges) w.orWhereBetween('order_id', [low, high]);
      });
    return ranges.length ? [byId, ...emails] : emails;
  }
  if (text.includes('@')) return emails;
  const names = [equals('last_name')];
  if (text.length < 3) return [...names, equals('full_name')];
  return [...names, startsWith('full_name'), ...emails];
}

/**
 * The newest `limit` ids of each way a search matches (conditions from searchConditions, within
 * `within`), merged newest first without repeats. Each query walks one index in id order and stops
 * at `limit`, so the work is bounded by `limit` and not by how common a name is.
 */
export async function findSearchIds(
  db: Knex,
  within: OrderCondition[],
  matches: OrderCondition[],
  limit: number,
): Promise<number[]> {
  const lists = await Promise.all(
    matches.map((match) =>
      db('orders')
        .modify(applyAll([...within, match]))
        .orderBy('order_id', 'desc')
        .limit(limit)
        .pluck('order_id'),
    ),
  );
  return [...new Set(lists.flat().map(Number))].sort((a, b) => b - a);
}

/** The list rows of these orders, newest first. */
export async function findOrdersByIds(db: Knex, ids: number[]): Promise<Record<string, unknown>[]> {
  if (!ids.length) return [];
  return db('orders').select(LIST_COLUMNS).whereIn('order_id', ids).orderBy('order_id', 'desc');
}

const applyAll = (conditions: OrderCondition[]) => (q: Knex.QueryBuilder) => conditions.forEach((c) => c(q));

/** Sorted by `sort`, ties broken by order id. */
const orderedBy =
  (sort: SortField, direction: 'asc' | 'desc', prefix = '') =>
  (q: Knex.QueryBuilder) => {
    q.orderBy(`${prefix}${sort}`, direction);
    if (sort !== 'order_id') q.orderBy(`${prefix}order_id`, direction);
  };

/**
 * One page of orders. A deferred join: the page's ids come from the index alone, then only those
 * rows are read, so deep pages stay fast (DESIGN section 7). Ties break by order id. `index` names
 * the index MySQL must walk: with a large OFFSET its planner otherwise picks another index on the
 * same status and sorts every row of the queue (0.3 s instead of an ordered index walk).
 */
export async function findOrderPage(
  db: Knex,
  conditions: OrderCondition[],
  page: { sort: SortField; direction: 'asc' | 'desc'; offset: number; limit: number; index?: string },
): Promise<Record<string, unknown>[]> {
  const source =
    page.index && dialectOf(db) === 'mysql' ? db.raw('?? FORCE INDEX (??)', ['orders', page.index]) : 'orders';
  const ids = db
    .from(source)
    .select('order_id')
    .modify(applyAll(conditions))
    .modify(orderedBy(page.sort, page.direction))
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  return db('orders as o')
    .join(ids, 'o.order_id', 'page.order_id')
    .select(LIST_COLUMNS.map((c) => `o.${c}`))
    .modify(orderedBy(page.sort, page.direction, 'o.'));
}

/**
 * Reads and locks the orders a change is about, in id order so that concurrent changes never wait
 * on each other in a cycle. SQLite has a single writer, so there it needs no lock.
 */
export const lockOrders = (trx: Knex.Transaction, ids: number[]): Promise<LockedOrder[]> =>
  trx('orders')
    .select('order_id', 'process_status', 'processing_mode', 'assignee_id', 'assign_to', 'processing_date', 'email')
    .whereIn('order_id', ids)
    .orderBy('order_id')
    .forUpdate();

export const updateOrder = (trx: Knex.Transaction, orderId: number, patch: Partial<Record<string, unknown>>) =>
  trx('orders').where({ order_id: orderId }).update(patch);

/** An order with everything the view-order page shows (SPEC section 3), or undefined. */
export async function findOrderDetails(db: Knex, orderId: number) {
  const order = await db('orders').where({ order_id: orderId }).first();
  if (!order) return undefined;
  const [mails, documents, downloads, remarks] = await Promise.all([
    db('mail_outbox as m')
      .leftJoin('uploaded_documents as d', 'd.id', 'm.document_id')
      .where('m.order_id', orderId)
      .orderBy('m.id', 'desc')
      .select(
        'm.id',
        'm.order_id',
        'm.kind',
        'm.provider',
        'm.to_email',
        'm.subject',
        'm.state',
        'm.attempts',
        'm.last_error',
        'm.sent_at',
        'm.message_id',
        'm.created_at',
        'd.file1',
        'd.mail_service_provider',
      ),
    db('uploaded_documents')
      .where({ order_id: orderId })
      .orderBy('id', 'desc')
      .select(
        'id',
        'order_id',
        'file1',
        'customer_name',
        'mail_service_provider',
        'original_name',
        'mime_type',
        'size_bytes',
        'uploaded_by',
        'created_at',
      ),
    db('download_history')
      .where({ order_id: orderId })
      .orderBy('id')
      .select(
        'id',
        'order_id',
        'ip',
        'timezone',
        'device',
        'device_type',
        'browser',
        'os',
        'location',
        'file1',
        'created_at',
      ),
    db('remarks')
      .where({ order_id: orderId })
      .orderBy('id')
      .select(
        'id',
        'order_id',
        'remark_name',
        'remark',
        'whatsapp',
        'telephone',
        'status_refund',
        'voided',
        'chargeback',
        'report_error',
        'created_at',
      ),
  ]);
  return {
    ...order,
    mailHistory: mails.map(({ file1, mail_service_provider, created_at, ...mail }) => ({
      ...mail,
      create_ts: created_at,
      uploadDoc: file1 ? { file1, mail_service_provider } : null,
    })),
    uploadDoc: documents.map(({ created_at, ...doc }) => ({
      ...doc,
      create_ts: created_at,
      link: `/uploads/docs/${orderId}_${doc.file1}`,
    })),
    downloadHistory: downloads.map(({ created_at, ...download }) => ({ ...download, create_ts: created_at })),
    remark: remarks.map(remarkView),
  };
}
