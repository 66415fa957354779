import type { Knex } from 'knex';
import { matchesQueue, QUEUES, queueTests, type QueueDefinition, type QueueFilter } from '@app/domain';
import { COUNTER_FACT_COLUMNS, whereQueueTests } from './queueSql.js';
import { hotRowShard, upsertIncrements } from '../../db/knex.js';
import { rebuildStoredCustomQueues } from './customQueues.js';

/** The facts of an order that the queue counts and ranks depend on. */
export interface CounterFacts {
  order_id: number | string;
  process_status: string;
  processing_mode: string;
  assignee_id: number | null;
  processing_date: string | null;
}

/** A row of one of the count tables an order is counted in, by the values of its key columns. */
type CountRow = Record<string, string | number>;
type OrderChanges = Array<{ before: CounterFacts | null; after: CounterFacts | null }>;

/** Only New orders need their processing date: it decides between New and Future, and moves at midnight. */
const counterRowOf = (o: CounterFacts): CountRow => ({
  status: o.process_status,
  mode: o.processing_mode,
  assignee_id: o.assignee_id ?? 0,
  due_date: o.process_status === 'New' && o.processing_date ? String(o.processing_date).slice(0, 10) : '',
});

/**
 * Orders per status per block of RANK_BLOCK consecutive order ids (order_ranks): the exact rank
 * structure behind deep pages. Page N of a status queue is found by summing one row per block and
 * then walking inside at most one block (planRankedRead), instead of an OFFSET walk of half the queue.
 */
export const RANK_BLOCK = 16_384;
const blockOf = (orderId: number | string) => Math.floor(Number(orderId) / RANK_BLOCK);
const rankRowOf = (o: CounterFacts): CountRow => ({ status: o.process_status, block: blockOf(o.order_id) });

/** A row's place in the one order rows are touched in (numbers padded, so that they sort as numbers). */
const sortText = (row: CountRow) =>
  Object.values(row)
    .map((value) => (typeof value === 'number' ? String(value).padStart(15, '0') : value))
    .join('|');

/**
 * Moves orders between the rows of one count table in the caller's transaction, on this node's shard:
 * -1 for each `before`, +1 for each `after` (null for an order created or gone). The moves are summed
 * per row first and rows are touched in one sorted order, so that concurrent transactions never wait on
 * each other in a cycle.
 */
async function moveCounts(
  trx: Knex.Transaction,
  table: string,
  changes: OrderChanges,
  rowOf: (o: CounterFacts) => CountRow,
) {
  const deltas = new Map<string, { row: CountRow; delta: number }>();
  const add = (facts: CounterFacts | null, delta: number) => {
    if (!facts) return;
    const row = rowOf(facts);
    const text = sortText(row);
    const entry = deltas.get(text) ?? { row, delta: 0 };
    entry.delta += delta;
    deltas.set(text, entry);
  };
  for (const { before, after } of changes) {
    add(before, -1);
    add(after, +1);
  }
  const ordered = [...deltas.entries()].filter(([, e]) => e.delta !== 0).sort(([a], [b]) => (a < b ? -1 : 1));
  if (!ordered.length) return;
  const shard = hotRowShard(trx);
  const rows = ordered.map(([, { row, delta }]) => ({ ...row, shard, count: delta }));
  await upsertIncrements(trx, table, [...Object.keys(ordered[0]![1].row), 'shard'], 'count', rows);
}

/**
 * Moves orders between the rows that count them, in the caller's transaction: the queue counters (by
 * processing date), then the rank blocks, always in that order.
 */
export async function applyCounterChanges(trx: Knex.Transaction, changes: OrderChanges): Promise<void> {
  await moveCounts(trx, 'order_counters', changes, counterRowOf);
  await moveCounts(trx, 'order_ranks', changes, rankRowOf);
}

/** Rebuilds order_ranks from the orders table in one INSERT ... SELECT (migration 008, bulk loads, tests). */
export async function rebuildOrderRanks(db: Knex | Knex.Transaction): Promise<void> {
  // Integer division on both: SQLite divides integers as integers, but a bound JS number is a REAL.
  const block = `order_id ${db.client.config.client === 'mysql2' ? 'DIV' : '/'} ${RANK_BLOCK}`;
  await db('order_ranks').del();
  await db.raw(
    `INSERT INTO order_ranks (status, block, count) SELECT process_status, ${block}, COUNT(*) FROM orders GROUP BY 1, 2`,
  );
}

/** Queues that are a set of statuses and nothing else can be paged through order_ranks. */
export const isRankedQueue = (filter: QueueFilter) =>
  Object.keys(filter).every((k) => k === 'statusIn' || k === 'statusNotIn');

export interface RankBlock {
  block: number;
  count: number;
}

/** A status queue's orders per block, in the direction of the page (newest first: highest block first). */
export async function readQueueBlocks(db: Knex, filter: QueueFilter, direction: 'asc' | 'desc'): Promise<RankBlock[]> {
  const q = db('order_ranks').select('block').sum({ count: 'count' }).groupBy('block').orderBy('block', direction);
  if (filter.statusIn) q.whereIn('status', filter.statusIn);
  if (filter.statusNotIn) q.whereNotIn('status', filter.statusNotIn);
  const rows: Array<{ block: number | string; count: number | string }> = await q.havingRaw('SUM(count) > 0');
  return rows.map((r) => ({ block: Number(r.block), count: Number(r.count) }));
}

/** Which ids one ranked read walks: from `bound` on in `direction`, skipping `offset` of them. */
export interface RankedRead {
  direction: 'asc' | 'desc';
  /** The walk starts at this id: ids below it when newest first, from it upwards when oldest first. */
  bound: number;
  offset: number;
  limit: number;
  /** The read runs against the page's order and must be turned around. */
  reversed: boolean;
}

/**
 * Rows offset..offset+limit of a queue given its blocks in page order: walked forwards from the start
 * of the block holding the first row, or backwards from the end of the block holding the last, whichever
 * is shorter, so a read never walks more than about half a block whatever the depth.
 */
export function planRankedRead(
  blocks: RankBlock[],
  direction: 'asc' | 'desc',
  offset: number,
  limit: number,
): RankedRead | null {
  const total = blocks.reduce((n, b) => n + b.count, 0);
  if (offset >= total) return null;
  limit = Math.min(limit, total - offset);
  const last = offset + limit - 1;
  const reverse = direction === 'asc' ? 'desc' : 'asc';
  // The start of a block in page order, as a bound for a walk in `dir`.
  const startOf = (block: number, dir: 'asc' | 'desc') =>
    dir === 'desc' ? (block + 1) * RANK_BLOCK : block * RANK_BLOCK;
  let before = 0;
  let first: { block: number; before: number } | undefined;
  for (const { block, count } of blocks) {
    if (!first && offset < before + count) first = { block, before };
    if (last < before + count) {
      const forward = offset - first!.before;
      const backward = before + count - 1 - last;
      return forward <= backward
        ? { direction, bound: startOf(first!.block, direction), offset: forward, limit, reversed: false }
        : { direction: reverse, bound: startOf(block, reverse), offset: backward, limit, reversed: true };
    }
    before += count;
  }
  return null;
}

/**
 * Rebuilds the counters and ranks from the orders table, and the custom queues from the stored
 * configuration: after bulk loads and seeds, and as the reference in tests.
 */
export async function recountOrderCounters(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await rebuildOrderRanks(trx);
    await trx('order_counters').del();
    const dueDate = trx.raw(
      "CASE WHEN process_status = 'New' AND processing_date IS NOT NULL THEN " +
        (trx.client.config.client === 'mysql2'
          ? "DATE_FORMAT(processing_date, '%Y-%m-%d')"
          : 'substr(processing_date, 1, 10)') +
        " ELSE '' END",
    );
    const rows = await trx('orders')
      .select({
        status: 'process_status',
        mode: 'processing_mode',
        assignee_id: trx.raw('COALESCE(assignee_id, 0)'),
        due_date: dueDate,
      })
      .count({ count: '*' })
      .groupByRaw('1, 2, 3, 4');
    for (let i = 0; i < rows.length; i += 500) await trx('order_counters').insert(rows.slice(i, i + 500));
    await rebuildStoredCustomQueues(trx);
  });
}

/** A row of order_counters, its shards summed. */
export interface CounterRow {
  status: string;
  mode: string;
  assignee_id: number;
  due_date: string;
  count: number;
}

/** The counters, each key's shards summed (migration 012). */
export const readCounters = async (db: Knex): Promise<CounterRow[]> =>
  (
    await db('order_counters')
      .select('status', 'mode', 'assignee_id', 'due_date')
      .sum({ count: 'count' })
      .groupBy('status', 'mode', 'assignee_id', 'due_date')
      .havingRaw('SUM(count) != 0')
  ).map((r) => ({ ...(r as CounterRow), count: Number(r.count) }));

/** Stands for every processing date after today once the counters are summed for one day. */
const LATER = '9999-12-31';

/**
 * The counters summed for one member on one day: assignees fold into this member, someone else
 * (-1) or nobody (0), and processing dates into none-or-due ('') or later. The queues match these
 * rows exactly as they match the full rows, and there are a few dozen of them instead of one per
 * assignee and day, so every folder count reads little.
 */
export async function readCountersFor(db: Knex, memberId: number, today: string): Promise<CounterRow[]> {
  const folded = new Map<string, CounterRow>();
  for (const row of await readCountersOfDay(db, today)) {
    const assignee = row.assignee_id === 0 ? 0 : row.assignee_id === memberId ? memberId : -1;
    const key = `${row.status}|${row.mode}|${assignee}|${row.due_date}`;
    const entry = folded.get(key) ?? { ...row, assignee_id: assignee, count: 0 };
    entry.count += row.count;
    folded.set(key, entry);
  }
  return [...folded.values()];
}

/**
 * The counters on day `today` with processing dates folded into due ('') or later (LATER), each key's
 * shards summed: a few rows per status and assignee, whatever the number of dates.
 */
export async function readCountersOfDay(db: Knex, today: string): Promise<CounterRow[]> {
  const rows = await db('order_counters')
    .select('status', 'mode', 'assignee_id', {
      due_date: db.raw("CASE WHEN due_date > ? THEN ? ELSE '' END", [today, LATER]),
    })
    .sum({ count: 'count' })
    .groupByRaw('1, 2, 3, 4')
    .havingRaw('SUM(count) != 0');
  return (rows as CounterRow[]).map((r) => ({ ...r, assignee_id: Number(r.assignee_id), count: Number(r.count) }));
}

/** The size of one queue for a member, summed over the counters rows it matches. */
export function queueCount(rows: CounterRow[], queue: QueueDefinition, memberId: number, today: string): number {
  let total = 0;
  for (const row of rows) {
    const facts = {
      status: row.status,
      mode: row.mode,
      assigneeId: row.assignee_id ? row.assignee_id : null,
      processingDate: row.due_date || null,
    };
    if (matchesQueue(queue.filter, facts, memberId, today)) total += row.count;
  }
  return total;
}

/** All queue counts keyed by their count field (docs/product.md#queues). */
export function queueCounts(rows: CounterRow[], memberId: number, today: string): Record<string, number> {
  return Object.fromEntries(QUEUES.map((q) => [q.countField, queueCount(rows, q, memberId, today)]));
}

/**
 * One queue's size straight from the counters in SQL: the queue filter turned into conditions on the
 * counters' columns, so a list's total costs a short primary-key range (a status's rows) instead of
 * reading every counter. Several filters must all hold. `month` ('YYYY-MM') narrows to New orders planned in that month.
 */
export async function queueTotal(
  db: Knex,
  filter: QueueFilter | readonly QueueFilter[],
  memberId: number,
  today: string,
  month?: string,
): Promise<number> {
  const q = db('order_counters').sum({ n: 'count' });
  whereQueueTests(
    q,
    [filter].flat().flatMap((f) => queueTests(f, memberId, today)),
    COUNTER_FACT_COLUMNS,
  );
  if (month) q.where('due_date', 'like', `${month}-%`);
  const row = await q.first();
  return Number(row?.n ?? 0);
}
