import type { Knex } from 'knex';
import { todayUtc } from '@app/domain';
import {
  readCounters,
  readCountersOfDay,
  recountOrderCounters,
  type CounterRow,
} from '../../api/src/modules/orders/counters.js';

const byKey = (rows: CounterRow[], prefix = '') =>
  Object.fromEntries(
    rows
      .filter((r) => r.count !== 0)
      .map((r) => [`${prefix}${r.status}|${r.mode}|${Number(r.assignee_id)}|${r.due_date}`, r.count]),
  );

/**
 * The counters as stored, as one map to compare: order_counters' rows, and the day's totals the queues
 * read (order_totals split into due and later by the due New rows).
 */
export async function storedCounters(db: Knex) {
  return { ...byKey(await readCounters(db)), ...byKey(await readCountersOfDay(db, todayUtc()), 'day ') };
}

/**
 * The queue counters as stored and as a recount from the orders table makes them (rebuilding the
 * counters table: for a test database only). Equal when every order change moved its counters in
 * the same transaction, crashes included.
 */
export async function countersAndRecount(db: Knex) {
  const stored = await storedCounters(db);
  await recountOrderCounters(db);
  return { stored, recounted: await storedCounters(db) };
}
