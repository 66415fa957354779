import type { Knex } from 'knex';
import { dialectOf } from '../../db/knex.js';
import { likePrefix } from '../../db/list.js';
import {
  customTypeOf,
  dayjs,
  DB_DATE,
  nowUtc,
  queueTests,
  valueColumnOf,
  type QueueFilter,
  type ResourceDefinition,
  type StoredValue,
} from '@app/domain';
import { ORDER_FACT_COLUMNS, whereQueueTests } from './queueSql.js';
import type { ReportFacts } from '../reports/service.js';

/** A column of the list rows: the SQL column, answered as `source`. */
export interface ListColumn {
  column: string;
  source: string;
  /** A custom field's: the column of order_values its value is kept in (read as stored, see customFields.ts). */
  value?: keyof StoredValue;
}

const listColumnsByResource = new WeakMap<ResourceDefinition, ListColumn[]>();

/**
 * What a list row of an order carries, from the registry: every field placed in the list and every
 * field marked `inListRows` (types.ts), each read from its column, and every custom field's value. A field computed from another's
 * column (the age, from paid_at) is worked out after the read from that column, not read twice.
 */
export function listColumnsOf(orders: ResourceDefinition): ListColumn[] {
  let columns = listColumnsByResource.get(orders);
  if (!columns) {
    const sources = new Set(orders.fields.map((f) => f.source));
    const read = new Map<string, ListColumn>();
    for (const field of orders.fields) {
      if (field.custom) {
        read.set(field.source, {
          column: field.source,
          source: field.source,
          value: valueColumnOf(customTypeOf(field)),
        });
        continue;
      }
      if (!field.places.includes('list') && !field.inListRows) continue;
      const column = field.column ?? field.source;
      const source = column !== field.source && sources.has(column) ? column : field.source;
      read.set(source, { column, source });
    }
    columns = [...read.values()];
    listColumnsByResource.set(orders, columns);
  }
  return columns;
}

/** An order's row as a change reads it: the facts the counters depend on, what mails and messages use, and the rest. */
export interface LockedOrder extends ReportFacts {
  order_id: number;
  process_status: string;
  processing_mode: string;
  assignee_id: number | null;
  assign_to: string | null;
  processing_date: string | null;
  email: string;
  /** When the refund was recorded ("Refunded it"); null until then, also for an order moved to Refunds. */
  refund_date: string | null;
  paid_at: string | null;
  /** When the work was done (the age stops there); null while it is not. */
  finished_at: string | null;
  /** Incremented by every change (the stale-write guard). */
  version: number;
  [column: string]: unknown;
}

/** A page sorted by a custom field's value: which field, and the order_values column it sorts by. */
export interface ValueSort {
  field: string;
  column: string;
}

/**
 * A query condition added to a query on `orders`. `orderId` names the column that holds the order's id
 * where a join needs it before `orders` is joined (a page walked on a custom value's index).
 */
export type OrderCondition = (query: Knex.QueryBuilder, orderId?: string) => void;

/** The SQL of a queue filter (domain/queues.ts), for member `memberId` on day `today`. */
export const queueCondition =
  (filter: QueueFilter, memberId: number, today: string): OrderCondition =>
  (q) =>
    whereQueueTests(q, queueTests(filter, memberId, today), ORDER_FACT_COLUMNS);

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
 * A name column matched exactly or by its start (a LIKE pattern). It is read as the distinct values
 * that match (a loose scan of the column's index), then each value's newest orders through the
 * (name, order_id) index: a common first name costs as much as a rare one.
 */
export interface NameMatch {
  column: 'first_name' | 'last_name' | 'full_name';
  pattern: string;
}
/** A condition on one column (an id range, an email's start). */
export interface ColumnMatch {
  column: string;
  where: OrderCondition;
}
export type SearchMatch = ColumnMatch | NameMatch;

/** A name as people type one: letters, spaces, hyphens, apostrophes (anything else may be an email). */
const NAME_TEXT = /^[\p{L}\p{M}' -]+$/u;

/**
 * The ways a search text can match, chosen by its shape: digits are an order id (exact, or a prefix as
 * primary-key ranges) or the start of an email; a name is a first, last or (with a space) full name,
 * whole under 3 characters, else by its start; other text (with '@', '.', digits...) is the start of an
 * email or contact email. Each is one index lookup (docs/decisions/search.md), never a '%text%' scan, and
 * each is read on its own (findSearchIds): an OR of them makes MySQL fetch and sort every match. Only
 * the columns in `readable` (the fields the role may read) are searched: a match would tell a value.
 */
export function searchConditions(text: string, readable: ReadonlySet<string>): SearchMatch[] {
  return searchMatchesOf(text).filter((match) => readable.has(match.column));
}

function searchMatchesOf(text: string): SearchMatch[] {
  const prefix = likePrefix(text);
  const startsWith = (column: string): ColumnMatch => ({
    column,
    where: (q) => q.whereRaw(`?? LIKE ? ESCAPE '!'`, [column, prefix]),
  });
  const emails = [startsWith('email'), startsWith('contact_email_address')];
  if (/^\d{1,15}$/.test(text)) {
    const ranges = idPrefixRanges(text);
    const byId: ColumnMatch = {
      column: 'order_id',
      where: (q) =>
        q.where((w) => {
          for (const [low, high] of ranges) w.orWhereBetween('order_id', [low, high]);
        }),
    };
    return ranges.length ? [byId, ...emails] : emails;
  }
  if (!NAME_TEXT.test(text)) return emails;
  // LIKE without a wildcard: whole, and case-blind on both dialects (SQLite's '=' tells cases apart).
  const pattern = text.length < 3 ? prefix.slice(0, -1) : prefix;
  const columns = text.includes(' ') ? (['full_name'] as const) : (['first_name', 'last_name'] as const);
  return columns.map((column) => ({ column, pattern }));
}

/** More distinct names than this under one prefix: the prefix is broad, its matches are everywhere. */
const MAX_NAME_VALUES = 50;

/** The newest `limit` ids whose `column` matches, within `within` (see NameMatch). */
async function findNameIds(db: Knex, within: OrderCondition[], { column, pattern }: NameMatch, limit: number) {
  const like = (q: Knex.QueryBuilder) => q.whereRaw(`?? LIKE ? ESCAPE '!'`, [column, pattern]);
  const values: string[] = await db('orders')
    .distinct(column)
    .modify(like)
    .orderBy(column)
    .limit(MAX_NAME_VALUES + 1)
    .pluck(column);
  const newest = (match: OrderCondition) =>
    db('orders')
      .modify(applyAll([...within, match]))
      .orderBy('order_id', 'desc')
      .limit(limit)
      .pluck('order_id');
  // A broad prefix matches often, so walking the primary key from the newest end soon finds `limit`.
  if (values.length > MAX_NAME_VALUES) return newest(like);
  const lists = await Promise.all(values.map((value) => newest((q) => q.where(column, value))));
  return lists.flat();
}

/**
 * The newest `limit` ids of each way a search matches (from searchConditions, within `within`),
 * merged newest first without repeats. Each query walks one index in id order and stops at `limit`,
 * so the work is bounded by `limit` and not by how common a name is.
 */
export async function findSearchIds(
  db: Knex,
  within: OrderCondition[],
  matches: SearchMatch[],
  limit: number,
): Promise<number[]> {
  const lists = await Promise.all(
    matches.map((match) =>
      'where' in match
        ? db('orders')
            .modify(applyAll([...within, match.where]))
            .orderBy('order_id', 'desc')
            .limit(limit)
            .pluck('order_id')
        : findNameIds(db, within, match, limit),
    ),
  );
  return [...new Set(lists.flat().map(Number))].sort((a, b) => b - a);
}

const applyAll = (conditions: OrderCondition[], orderId?: string) => (q: Knex.QueryBuilder) =>
  conditions.forEach((c) => c(q, orderId));

/**
 * An order's age in seconds at `now` as the queues show it (domain orderAgeMinutes): from payment
 * until the work was done, or until now.
 */
function ageSql(db: Knex, prefix: string, now: string): Knex.Raw {
  const [paid, finished] = [`${prefix}paid_at`, `${prefix}finished_at`];
  return dialectOf(db) === 'mysql'
    ? db.raw('TIMESTAMPDIFF(SECOND, ??, COALESCE(??, ?))', [paid, finished, now])
    : db.raw('(julianday(COALESCE(??, ?)) - julianday(??))', [finished, now, paid]);
}

/**
 * What a page is sorted by in SQL: a sortable field's column, the age as shown (`age_minutes`), or the
 * kept age of finished orders (`work_minutes`, read.ts sqlSort).
 */
export type SortColumn = string;

/** Sorted by `sort` (age as shown: ascending is youngest first), ties broken by order id. */
const orderedBy =
  (db: Knex, sort: SortColumn, direction: 'asc' | 'desc', now: string, prefix = '') =>
  (q: Knex.QueryBuilder) => {
    if (sort === 'age_minutes') q.orderBy(ageSql(db, prefix, now) as unknown as string, direction);
    else q.orderBy(`${prefix}${sort}`, direction);
    if (sort !== 'order_id') q.orderBy(`${prefix}order_id`, direction);
  };

/** How one page is read: its sort, window, the index MySQL must walk, and where a ranked walk starts. */
export interface PageWindow {
  sort: SortColumn;
  direction: 'asc' | 'desc';
  offset: number;
  limit: number;
  index?: string;
  /** Start the walk at this order id (a rank block's edge): below it when descending, from it when ascending. */
  bound?: number;
  /** Sorted by a custom field's value (`sort` is then the field's key). */
  valueSort?: ValueSort;
}

/** On SQLite, offsets up to here read the rows directly: skipping a few index entries costs less than a second pass. */
const SHALLOW_OFFSET = 100;

/**
 * The query column of a list column, under `prefix`; a custom value is read in the page's own statement, one
 * primary key lookup per row, rather than in a second statement beside it.
 */
const selectOf =
  (db: Knex, prefix: string) =>
  (c: ListColumn): string | Knex.Raw => {
    if (c.value)
      return db.raw(
        '(select ?? from order_values where order_values.order_id = ?? and order_values.field_id = ?) as ??',
        [c.value, `${prefix || 'orders.'}order_id`, c.source, c.source],
      );
    return c.column === c.source ? `${prefix}${c.column}` : `${prefix}${c.column} as ${c.source}`;
  };

/**
 * The query of one page of orders. A deferred join: the page's ids come from the index alone, then only
 * those rows are read, so deep pages stay fast (docs/performance.md#budgets). On SQLite it is `order_id IN (ids)`, as
 * its planner would otherwise scan the table around the join, and a shallow page reads its rows straight
 * from the index walk (MySQL's planner, given every column, would walk the primary key instead of the
 * queue's index). Ties break by order id. `index` names the index MySQL must walk: with
 * a large OFFSET its planner otherwise picks another index on the same status and sorts every row of the
 * queue rather than walk the index in order.
 */
function pageQuery(db: Knex, conditions: OrderCondition[], columns: ListColumn[], page: PageWindow, now: string) {
  const mysql = dialectOf(db) === 'mysql';
  const source = page.index && mysql ? db.raw('?? FORCE INDEX (??)', ['orders', page.index]) : 'orders';
  const walk = (q: Knex.QueryBuilder) =>
    q
      .modify(applyAll(conditions))
      .modify((w) => {
        if (page.bound !== undefined) w.where('order_id', page.direction === 'desc' ? '<' : '>=', page.bound);
      })
      .modify(orderedBy(db, page.sort, page.direction, now))
      .limit(page.limit)
      .offset(page.offset);
  if (!mysql && page.offset <= SHALLOW_OFFSET) return walk(db.from(source).select(columns.map(selectOf(db, ''))));
  const ids = walk(db.from(source).select('order_id'));
  const rows = db('orders as o').select(columns.map(selectOf(db, 'o.')));
  return (mysql ? rows.join(ids.as('page'), 'o.order_id', 'page.order_id') : rows.whereIn('o.order_id', ids)).modify(
    orderedBy(db, page.sort, page.direction, now, 'o.'),
  );
}

/**
 * order_values walked on its (field, value, order) index of `column` (MySQL's planner otherwise picks the
 * primary key); `db` is the knex instance or the client of a query being built.
 */
export function valuesByValue(db: Pick<Knex, 'client'>, column: string) {
  const index = column === 'value_number' ? 'order_values_number' : 'order_values_text';
  return db.client.config.client === 'mysql2'
    ? (db.client.raw('?? FORCE INDEX (??)', ['order_values', index]) as Knex.Raw)
    : 'order_values';
}

/**
 * A page sorted by a custom field's value (tests/bench/customFieldsSql.ts measured the shapes): the
 * orders with a value first, walked in the value's order on the field's (field, value, order) index and
 * joined to the orders that meet the conditions; then, once those run out, the orders without a value
 * in order id order. Orders without a value come last in either direction (a sorted column starts with
 * the orders that have one); ties break by order id. Ids first, then those rows.
 */
async function findValueSortedPage(
  db: Knex,
  conditions: OrderCondition[],
  columns: ListColumn[],
  page: PageWindow & { valueSort: ValueSort },
) {
  const { field, column } = page.valueSort;
  const { direction, offset, limit } = page;
  const sortValues = () =>
    db
      .from(valuesByValue(db, column))
      .select({ sort_order_id: 'order_id', sort_value: column })
      .where('field_id', field)
      .as('sorted');
  // The value's index drives the walk (MySQL must not start from orders and sort all of them), each
  // entry checked against the custom filters' indexes before its orders row is read.
  const first = dialectOf(db) === 'mysql' ? db.raw('STRAIGHT_JOIN ??', ['orders.order_id']) : 'orders.order_id';
  const withValue = () =>
    db
      .from(sortValues())
      .modify(applyAll(conditions, 'sorted.sort_order_id'))
      .join('orders', 'orders.order_id', 'sorted.sort_order_id');
  const valued: number[] = (
    await withValue()
      .select(first)
      .orderBy('sorted.sort_value', direction)
      .orderBy('sorted.sort_order_id', direction)
      .limit(limit)
      .offset(offset)
  ).map((r: { order_id: number | string }) => Number(r.order_id));
  let ids = valued;
  if (valued.length < limit) {
    // How many orders have a value: the page tells when it holds some, else counted up to the offset.
    const withValues = valued.length
      ? offset + valued.length
      : await countUpTo(db, withValue().select(db.raw('1')), offset);
    const none: number[] = (
      await db
        .from('orders')
        .leftJoin(sortValues(), 'sorted.sort_order_id', 'orders.order_id')
        .whereNull('sorted.sort_order_id')
        .modify(applyAll(conditions))
        .orderBy('orders.order_id', direction)
        .limit(limit - valued.length)
        .offset(Math.max(0, offset - withValues))
        .pluck('orders.order_id')
    ).map(Number);
    ids = [...valued, ...none];
  }
  if (!ids.length) return [];
  const rows: Array<Record<string, unknown>> = await db('orders as o')
    .select(columns.map(selectOf(db, 'o.')))
    .whereIn('o.order_id', ids);
  const at = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => at.get(Number(a.order_id))! - at.get(Number(b.order_id))!);
}

/** How many rows a query has, counting no further than `limit`. */
async function countUpTo(db: Knex, query: Knex.QueryBuilder, limit: number): Promise<number> {
  if (limit <= 0) return 0;
  const row = await db.from(query.limit(limit).as('m')).count({ n: '*' }).first();
  return Number((row as { n?: number | string } | undefined)?.n ?? 0);
}

/** One page of orders (see pageQuery). */
export const findOrderPage = (
  db: Knex,
  conditions: OrderCondition[],
  columns: ListColumn[],
  page: PageWindow,
): Promise<Record<string, unknown>[]> =>
  page.valueSort
    ? findValueSortedPage(db, conditions, columns, { ...page, valueSort: page.valueSort })
    : pageQuery(db, conditions, columns, page, nowUtc());

/**
 * Reads and locks the orders a change is about, in id order so that concurrent changes never wait
 * on each other in a cycle. SQLite has a single writer, so there it needs no lock. Whole rows: what is
 * kept from them after the change (the SLA clock, whose policies may test any field) starts from these
 * and reads no row again.
 */
export const lockOrders = (trx: Knex.Transaction, ids: number[]): Promise<LockedOrder[]> =>
  trx('orders').select('*').whereIn('order_id', ids).orderBy('order_id').forUpdate();

export const updateOrder = (trx: Knex.Transaction, orderId: number, patch: Partial<Record<string, unknown>>) =>
  trx('orders').where({ order_id: orderId }).update(patch);

/**
 * The oldest `limit` orders that meet the conditions and that nobody holds, but `passed` (next order's
 * candidates): an index walk in id order from the oldest end.
 */
export const findNextCandidates = async (
  db: Knex,
  conditions: OrderCondition[],
  passed: number[],
  limit: number,
): Promise<number[]> =>
  (
    await db('orders')
      .modify(applyAll(conditions))
      .whereNull('assignee_id')
      .modify((q) => (passed.length ? q.whereNotIn('order_id', passed) : q))
      .orderBy('order_id', 'asc')
      .limit(limit)
      .pluck('order_id')
  ).map(Number);

/** How many orders meet the conditions, counting no further than `limit`. */
export const countOrdersUpTo = (db: Knex, conditions: OrderCondition[], limit: number): Promise<number> =>
  countUpTo(db, db('orders').select(db.raw('1')).modify(applyAll(conditions)), limit);

/** One order's row, without its histories (the resources remarks, mails, downloads, documents serve those). */
export const findOrder = (db: Knex, orderId: number): Promise<Record<string, unknown> | undefined> =>
  db('orders').where({ order_id: orderId }).first();

/**
 * An order with the histories the orders module keeps beside it (mails, documents, downloads), newest
 * first, or undefined; the comments are the remarks module's (read.ts orderDetails).
 */
export async function findOrderDetails(db: Knex, orderId: number) {
  const order = await db('orders').where({ order_id: orderId }).first();
  if (!order) return undefined;
  const [mails, documents, downloads] = await Promise.all([
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
        'm.provider_message_id',
        'm.delivered_at',
        'm.bounced_at',
        'm.bounce_reason',
        'm.complained_at',
        'm.opened_at',
        'm.clicked_at',
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
      .orderBy('id', 'desc')
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
        'city',
        'device_id',
        'file1',
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
  };
}
