import type { Knex } from 'knex';
import { dayjs, DB_DATE } from '@app/domain';
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

/**
 * The country totals keep one row per period and nationality with a count per processing mode, so a
 * range reads a third of the rows it would with the mode in the key; a mode other than these three
 * counts in other_count (in the total, in no split), as the scan of the orders counted it.
 */
export const MODE_COLUMNS = {
  Standard: 'standard_count',
  Priority: 'priority_count',
  Future: 'future_count',
} as const;
export const OTHER_MODES_COLUMN = 'other_count';
const modeColumn = (mode: string): string =>
  Object.hasOwn(MODE_COLUMNS, mode) ? MODE_COLUMNS[mode as keyof typeof MODE_COLUMNS] : OTHER_MODES_COLUMN;

const dayOf = (datetime: string) => String(datetime).slice(0, 10);
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

interface RollupDelta {
  table: 'report_country_totals' | 'report_processed_totals';
  key: Record<string, string>;
  column: string;
  delta: number;
}

/**
 * The rollup rows one order counts in: none, two or four. Each total is kept per day and per month
 * (period 'month', `day` holding the month's first day), so a range reads its whole months from month
 * rows and only the days at its ends from day rows: a year is at most 12 month rows and 60 day rows
 * per nationality, not 365.
 */
function rollupRows(facts: ReportFacts): RollupDelta[] {
  const rows: RollupDelta[] = [];
  const both = (table: RollupDelta['table'], day: string, rest: Record<string, string>, column: string) => {
    rows.push({ table, key: { period: 'day', day, ...rest }, column, delta: 0 });
    rows.push({ table, key: { period: 'month', day: monthOf(day), ...rest }, column, delta: 0 });
  };
  if (facts.process_status !== 'Deleted') {
    const nationality = facts.nationality ?? NO_NATIONALITY;
    both('report_country_totals', dayOf(facts.created_at), { nationality }, modeColumn(facts.processing_mode));
  }
  if (facts.processed_at && facts.processed_by) {
    both('report_processed_totals', dayOf(facts.processed_at), { processed_by: facts.processed_by }, 'count');
  }
  return rows;
}

/** An order's report facts before and after a change (null for an order created or gone). */
interface ReportChange {
  before: ReportFacts | null;
  after: ReportFacts | null;
}

/** Only the facts the totals read, whatever else the caller's row carries. */
const factsOf = (facts: ReportFacts | null): ReportFacts | null =>
  facts && {
    process_status: facts.process_status,
    processing_mode: facts.processing_mode,
    nationality: facts.nationality,
    created_at: facts.created_at,
    processed_at: facts.processed_at,
    processed_by: facts.processed_by,
  };

const rowsKey = (facts: ReportFacts | null) =>
  JSON.stringify(facts ? rollupRows(facts).map((r) => [r.table, r.key, r.column]) : []);

/**
 * Queues the report changes of a change of orders in its transaction (report_rollup_changes, one row per
 * order whose totals it moves), for the rollup worker to apply after commit (rollupWorker.ts): the change
 * never waits on the total rows every other change of the day also moves. Once committed, this process's
 * worker is woken.
 */
export async function queueReportRollupChanges(trx: Knex.Transaction, changes: readonly ReportChange[]): Promise<void> {
  const rows = changes
    .filter(({ before, after }) => rowsKey(before) !== rowsKey(after))
    .map(({ before, after }) => ({
      before_facts: before && JSON.stringify(factsOf(before)),
      after_facts: after && JSON.stringify(factsOf(after)),
    }));
  if (!rows.length) return;
  await trx('report_rollup_changes').insert(rows);
  trx.executionPromise.then(
    () => rollupWorkers.get(trx.client.config as object)?.wake(),
    () => undefined, // rolled back: nothing was queued
  );
}

/** The rollup worker of each app, by its database's client config (a transaction shares it). */
export const rollupWorkers = new WeakMap<object, { wake(): void }>();

/**
 * Moves orders between the report totals in the caller's transaction (the rollup worker's), like the
 * queue counters: -1 where each `before` counted, +1 where each `after` counts. The moves are summed per
 * row first and rows are touched in one sorted order (table, then key), so workers applying at once
 * never wait on each other in a cycle.
 */
export async function applyReportRollupChanges(trx: Knex.Transaction, changes: readonly ReportChange[]): Promise<void> {
  const deltas = new Map<string, RollupDelta>();
  const add = (facts: ReportFacts | null, delta: number) => {
    for (const row of facts ? rollupRows(facts) : []) {
      const text = JSON.stringify([row.table, ...Object.values(row.key), row.column]);
      const entry = deltas.get(text) ?? row;
      entry.delta += delta;
      deltas.set(text, entry);
    }
  };
  for (const { before, after } of changes) {
    add(before, -1);
    add(after, +1);
  }
  const ordered = [...deltas.entries()].filter(([, e]) => e.delta !== 0).sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [, { table, key, column, delta }] of ordered) await upsertIncrement(trx, table, key, column, delta);
}

/** Days `from` to `to` (both included) as the rows that hold them: whole months as month rows, the rest as days. */
export interface PeriodRanges {
  months: [string, string] | null;
  days: Array<[string, string]>;
}

export function periodRanges(from: string, to: string): PeriodRanges {
  const start = dayjs.utc(from);
  const end = dayjs.utc(to);
  const firstMonth = start.date() === 1 ? start : start.add(1, 'month').startOf('month');
  const lastMonth = end.add(1, 'day').startOf('month').subtract(1, 'month');
  if (firstMonth.isAfter(lastMonth)) return { months: null, days: [[from, to]] };
  const days: Array<[string, string]> = [];
  if (firstMonth.isAfter(start)) days.push([from, firstMonth.subtract(1, 'day').format(DB_DATE)]);
  const afterMonths = lastMonth.add(1, 'month');
  if (!afterMonths.isAfter(end)) days.push([afterMonths.format(DB_DATE), to]);
  return { months: [firstMonth.format(DB_DATE), lastMonth.format(DB_DATE)], days };
}

/**
 * Rebuilds both report totals from the orders table, each grain in one INSERT ... SELECT ... GROUP BY
 * (the migration that adds them, bulk loads, restores): the days from the orders, the months from the
 * days. The changes still queued are already in the orders read, so they go. Writes to orders during a
 * rebuild wait for it.
 */
export async function rebuildReportRollups(db: Knex): Promise<void> {
  const mysql = dialectOf(db) === 'mysql';
  const day = (column: string) => (mysql ? `DATE(${column})` : `substr(${column}, 1, 10)`);
  const month = mysql ? "DATE_FORMAT(day, '%Y-%m-01')" : "substr(day, 1, 7) || '-01'";
  const modes = Object.keys(MODE_COLUMNS);
  const countryColumns = [...Object.values(MODE_COLUMNS), OTHER_MODES_COLUMN];
  const countsByMode = [
    ...modes.map((mode) => db.raw('SUM(CASE WHEN processing_mode = ? THEN 1 ELSE 0 END)', [mode]).toString()),
    db
      .raw(`SUM(CASE WHEN processing_mode IN (${modes.map(() => '?').join(', ')}) THEN 0 ELSE 1 END)`, modes)
      .toString(),
  ];
  await db.transaction(async (trx) => {
    await trx('report_rollup_changes').del();
    await trx('report_country_totals').del();
    await trx('report_processed_totals').del();
    await trx.raw(
      `INSERT INTO report_country_totals (period, day, nationality, ${countryColumns.join(', ')})
       SELECT 'day', ${day('created_at')}, COALESCE(nationality, ?), ${countsByMode.join(', ')} FROM orders
       WHERE process_status <> 'Deleted' GROUP BY 2, 3`,
      [NO_NATIONALITY],
    );
    await trx.raw(
      `INSERT INTO report_processed_totals (period, day, processed_by, count)
       SELECT 'day', ${day('processed_at')}, processed_by, COUNT(*) FROM orders
       WHERE processed_at IS NOT NULL AND processed_by IS NOT NULL GROUP BY 2, 3`,
    );
    // The month rows are read back from the day rows (a few thousand), not from orders again.
    await trx.raw(
      `INSERT INTO report_country_totals (period, day, nationality, ${countryColumns.join(', ')})
       SELECT 'month', ${month}, nationality, ${countryColumns.map((c) => `SUM(${c})`).join(', ')}
       FROM report_country_totals WHERE period = 'day' GROUP BY 2, 3`,
    );
    await trx.raw(
      `INSERT INTO report_processed_totals (period, day, processed_by, count)
       SELECT 'month', ${month}, processed_by, SUM(count) FROM report_processed_totals
       WHERE period = 'day' GROUP BY 2, 3`,
    );
  });
}
