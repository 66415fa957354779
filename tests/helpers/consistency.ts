import type { Knex } from 'knex';
import { readCounters, recountOrderCounters, type CounterRow } from '../../api/src/modules/orders/counters.js';

const byKey = (rows: CounterRow[]) =>
  Object.fromEntries(
    rows
      .filter((r) => r.count !== 0)
      .map((r) => [`${r.status}|${r.mode}|${Number(r.assignee_id)}|${r.due_date}`, r.count]),
  );

/**
 * The queue counters as stored and as a recount from the orders table makes them (rebuilding the
 * counters table: for a test database only). Equal when every order change moved its counters in
 * the same transaction, crashes included.
 */
export async function countersAndRecount(db: Knex) {
  const stored = byKey(await readCounters(db));
  await recountOrderCounters(db);
  return { stored, recounted: byKey(await readCounters(db)) };
}
