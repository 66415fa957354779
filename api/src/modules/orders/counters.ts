import type { Knex } from 'knex';
import { matchesQueue, QUEUES, type QueueDefinition, type QueueFilter } from '@app/domain';
import { upsertIncrement } from '../../db/knex.js';

/** The facts of an order that the queue counts depend on. */
export interface CounterFacts {
  process_status: string;
  processing_mode: string;
  assignee_id: number | null;
  processing_date: string | null;
}

interface CounterKey {
  status: string;
  mode: string;
  assignee_id: number;
  due_date: string;
}

/** Only New orders need their processing date: it decides between New and Future, and moves at midnight. */
const keyOf = (o: CounterFacts): CounterKey => ({
  status: o.process_status,
  mode: o.processing_mode,
  assignee_id: o.assignee_id ?? 0,
  due_date: o.process_status === 'New' && o.processing_date ? String(o.processing_date).slice(0, 10) : '',
});
const keyText = (k: CounterKey) => `${k.status}|${k.mode}|${k.assignee_id}|${k.due_date}`;

/**
 * Moves orders between counter rows in the caller's transaction: -1 for each `before`, +1 for each
 * `after` (null for an order created or gone). Rows are touched in one sorted order so that
 * concurrent transactions never wait on each other in a cycle.
 */
export async function applyCounterChanges(
  trx: Knex.Transaction,
  changes: Array<{ before: CounterFacts | null; after: CounterFacts | null }>,
): Promise<void> {
  const deltas = new Map<string, { key: CounterKey; delta: number }>();
  const add = (facts: CounterFacts | null, delta: number) => {
    if (!facts) return;
    const key = keyOf(facts);
    const entry = deltas.get(keyText(key)) ?? { key, delta: 0 };
    entry.delta += delta;
    deltas.set(keyText(key), entry);
  };
  for (const { before, after } of changes) {
    add(before, -1);
    add(after, +1);
  }
  const ordered = [...deltas.entries()].filter(([, e]) => e.delta !== 0).sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [, { key, delta }] of ordered) {
    await upsertIncrement(trx, 'order_counters', { ...key }, 'count', delta);
  }
}

/** Rebuilds the counters from the orders table: after bulk loads, and as the reference in tests. */
export async function recountOrderCounters(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
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
  });
}

export interface CounterRow extends CounterKey {
  count: number;
}

export const readCounters = async (db: Knex): Promise<CounterRow[]> =>
  (await db<CounterRow>('order_counters').where('count', '!=', 0)).map((r) => ({ ...r, count: Number(r.count) }));

/** Stands for every processing date after today once the counters are summed for one day. */
const LATER = '9999-12-31';

/**
 * The counters summed for one member on one day: assignees fold into this member, someone else
 * (-1) or nobody (0), and processing dates into none-or-due ('') or later. The queues match these
 * rows exactly as they match the full rows, and there are a few dozen of them instead of one per
 * assignee and day, so every folder count reads little.
 */
export async function readCountersFor(db: Knex, memberId: number, today: string): Promise<CounterRow[]> {
  const rows: Array<Omit<CounterRow, 'count'> & { count: number | string }> = await db('order_counters')
    .select({
      status: 'status',
      mode: 'mode',
      assignee_id: db.raw('CASE WHEN assignee_id = 0 THEN 0 WHEN assignee_id = ? THEN ? ELSE -1 END', [
        memberId,
        memberId,
      ]),
      due_date: db.raw("CASE WHEN due_date > ? THEN ? ELSE '' END", [today, LATER]),
    })
    .sum({ count: 'count' })
    .where('count', '!=', 0)
    .groupByRaw('1, 2, 3, 4');
  return rows.map((r) => ({ ...r, assignee_id: Number(r.assignee_id), count: Number(r.count) }));
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

/** All queue counts keyed by their count field (SPEC section 3). */
export function queueCounts(rows: CounterRow[], memberId: number, today: string): Record<string, number> {
  return Object.fromEntries(QUEUES.map((q) => [q.countField, queueCount(rows, q, memberId, today)]));
}

/**
 * One queue's size straight from the counters in SQL: the queue filter turned into conditions on the
 * counters' columns, so a list's total costs a short primary-key range (a status's rows) instead of
 * reading every counter. `month` ('YYYY-MM') narrows to New orders planned in that month.
 */
export async function queueTotal(
  db: Knex,
  filter: QueueFilter,
  memberId: number,
  today: string,
  month?: string,
): Promise<number> {
  const q = db('order_counters').sum({ n: 'count' });
  if (filter.statusIn) q.whereIn('status', filter.statusIn);
  if (filter.statusNotIn) q.whereNotIn('status', filter.statusNotIn);
  if (filter.modeIn) q.whereIn('mode', filter.modeIn);
  if (filter.modeNotIn) q.whereNotIn('mode', filter.modeNotIn);
  if (filter.assigned === true) q.whereNot('assignee_id', 0);
  if (filter.assigned === false) q.where('assignee_id', 0);
  if (filter.assignedToMe) q.where('assignee_id', memberId);
  if (filter.processingDate === 'due') q.where((w) => w.where('due_date', '').orWhere('due_date', '<=', today));
  if (filter.processingDate === 'future') q.where('due_date', '>', today);
  if (month) q.where('due_date', 'like', `${month}-%`);
  const row = await q.first();
  return Number(row?.n ?? 0);
}
