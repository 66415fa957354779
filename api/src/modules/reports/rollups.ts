import type { Knex } from 'knex';
import { dialectOf, upsertIncrement } from '../../db/knex.js';

/**
 * The facts of an order the two reports count it by. An order counts in the country report on the
 * UTC day it was created unless it is Deleted, and in the Processed By report on the UTC day its
 * document was processed, under the member who processed it.
 */
export interface ReportFacts {
  process_status: string;
  processing_mode: string;
  nationality: string | null;
  created_at: string;
  processed_at: string | null;
  processed_by: string | null;
}

/** The orders columns behind ReportFacts: a change reads them with the locked order. */
export const REPORT_FACT_COLUMNS = [
  'nationality',
  'created_at',
  'processed_at',
  'processed_by',
] as const satisfies ReadonlyArray<keyof ReportFacts>;

/** An order without a nationality is kept under '' (a key column cannot be NULL) and reported as none. */
export const NO_NATIONALITY = '';

const dayOf = (datetime: string) => String(datetime).slice(0, 10);

interface RollupDelta {
  table: 'report_country_daily' | 'report_processed_daily';
  key: Record<string, string>;
  delta: number;
}

/** The rollup rows one order counts in (none, one or two), each with the order's weight. */
function rollupRows(facts: ReportFacts, delta: number): RollupDelta[] {
  const rows: RollupDelta[] = [];
  if (facts.process_status !== 'Deleted') {
    rows.push({
      table: 'report_country_daily',
      key: {
        day: dayOf(facts.created_at),
        nationality: facts.nationality ?? NO_NATIONALITY,
        mode: facts.processing_mode,
      },
      delta,
    });
  }
  if (facts.processed_at && facts.processed_by) {
    rows.push({
      table: 'report_processed_daily',
      key: { day: dayOf(facts.processed_at), processed_by: facts.processed_by },
      delta,
    });
  }
  return rows;
}

/**
 * Moves orders between the daily report totals in the caller's transaction, like the queue counters:
 * -1 where each `before` counted, +1 where each `after` counts (null for an order created or gone).
 * Rows are touched in one sorted order (table, then key), after the counters and ranks, so concurrent
 * changes never wait on each other in a cycle.
 */
export async function applyReportRollupChanges(
  trx: Knex.Transaction,
  changes: ReadonlyArray<{ before: ReportFacts | null; after: ReportFacts | null }>,
): Promise<void> {
  const deltas = new Map<string, RollupDelta>();
  const add = (facts: ReportFacts | null, delta: number) => {
    for (const row of facts ? rollupRows(facts, delta) : []) {
      const text = JSON.stringify([row.table, ...Object.values(row.key)]);
      const entry = deltas.get(text) ?? { ...row, delta: 0 };
      entry.delta += delta;
      deltas.set(text, entry);
    }
  };
  for (const { before, after } of changes) {
    add(before, -1);
    add(after, +1);
  }
  const ordered = [...deltas.entries()].filter(([, e]) => e.delta !== 0).sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [, { table, key, delta }] of ordered) await upsertIncrement(trx, table, key, 'count', delta);
}

/**
 * Rebuilds both daily totals from the orders table, each in one INSERT ... SELECT ... GROUP BY (the
 * migration that adds them, bulk loads, restores). Writes to orders during a rebuild wait for it.
 */
export async function rebuildReportRollups(db: Knex): Promise<void> {
  const day = (column: string) => (dialectOf(db) === 'mysql' ? `DATE(${column})` : `substr(${column}, 1, 10)`);
  await db.transaction(async (trx) => {
    await trx('report_country_daily').del();
    await trx('report_processed_daily').del();
    await trx.raw(
      `INSERT INTO report_country_daily (day, nationality, mode, count)
       SELECT ${day('created_at')}, COALESCE(nationality, ?), processing_mode, COUNT(*) FROM orders
       WHERE process_status <> 'Deleted' GROUP BY 1, 2, 3`,
      [NO_NATIONALITY],
    );
    await trx.raw(
      `INSERT INTO report_processed_daily (day, processed_by, count)
       SELECT ${day('processed_at')}, processed_by, COUNT(*) FROM orders
       WHERE processed_at IS NOT NULL AND processed_by IS NOT NULL GROUP BY 1, 2`,
    );
  });
}
