import type { Knex } from 'knex';
import { vi } from 'vitest';
import { todayUtc } from '@app/domain';
import {
  readCounters,
  readCountersOfDay,
  recountOrderCounters,
  type CounterRow,
} from '../../api/src/modules/orders/counters.js';
import { rebuildReportRollups } from '../../api/src/modules/reports/rollups.js';
import { rollupsApplied } from '../../api/src/modules/reports/service.js';

const byKey = (rows: CounterRow[], prefix = '') =>
  Object.fromEntries(
    rows
      .filter((r) => r.count !== 0)
      .map((r) => [`${prefix}${r.status}|${r.mode}|${Number(r.assignee_id)}|${r.due_date}`, r.count]),
  );

/**
 * The counters as stored, as one map to compare: order_counters' rows, and the day's rows the queues
 * read (New ones split into due and later).
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

/**
 * Waits until the rollup workers have applied every committed report change (reports/rollupWorker.ts):
 * polled, never a fixed sleep. A report read right after a change must wait for this.
 */
export async function rollupsSettled(db: Knex, timeout = 30_000) {
  await vi.waitFor(
    async () => {
      if (!(await rollupsApplied(db))) throw new Error('report changes are still queued');
    },
    { timeout, interval: 20 },
  );
}

/** Both report totals as stored (day and month rows), leaving out rows a change brought back to zero. */
export const storedRollups = async (db: Knex) => ({
  country: await db('report_country_totals')
    .whereRaw('standard_count + priority_count + future_count + other_count <> 0')
    .orderBy(['period', 'day', 'nationality']),
  processed: await db('report_processed_totals').whereNot('count', 0).orderBy(['period', 'day', 'processed_by']),
});

/**
 * The report totals once the workers have applied every change, and as a rebuild from the orders makes
 * them (for a test database only). Equal when every change was applied exactly once.
 */
export async function rollupsAndRebuild(db: Knex) {
  await rollupsSettled(db);
  const stored = await storedRollups(db);
  await rebuildReportRollups(db);
  return { stored, rebuilt: await storedRollups(db) };
}
