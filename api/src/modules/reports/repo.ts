import type { Knex } from 'knex';
import { MODE_COLUMNS, NO_NATIONALITY, OTHER_MODES_COLUMN, periodRanges } from './rollups.js';

/** UTC days `from` to `to`, both included ('YYYY-MM-DD'): the days orders are counted on (rollups.ts). */
export interface DayRange {
  from: string;
  to: string;
}

/** The rows holding the range: its whole months' month rows and the day rows of the days around them. */
const inRange = (range: DayRange) => (q: Knex.QueryBuilder) => {
  const { months, days } = periodRanges(range.from, range.to);
  q.where((w) => {
    if (months) w.orWhere((m) => m.where('period', 'month').whereBetween('day', months));
    for (const span of days) w.orWhere((d) => d.where('period', 'day').whereBetween('day', span));
  });
};

/** Orders of every mode: the three split out and any other. */
const ALL_MODES = `SUM(${[...Object.values(MODE_COLUMNS), OTHER_MODES_COLUMN].join(' + ')})`;

/**
 * Orders created in the range per nationality, split by processing mode; deleted orders are not sales.
 * Read from the report totals (rollups.ts): one row per month or day and nationality, whatever the order count.
 */
export async function countryOrderCounts(db: Knex, range: DayRange) {
  const rows = await db('report_country_totals')
    .modify(inRange(range))
    .groupBy('nationality')
    .select('nationality', {
      count: db.raw(ALL_MODES),
      standard_count: db.raw('SUM(??)', [MODE_COLUMNS.Standard]),
      priority_count: db.raw('SUM(??)', [MODE_COLUMNS.Priority]),
      future_count: db.raw('SUM(??)', [MODE_COLUMNS.Future]),
    })
    .havingRaw(`${ALL_MODES} > 0`)
    .orderByRaw(`${ALL_MODES} DESC, nationality ASC`);
  return rows.map((r: Record<string, string | number>) => ({
    nationality: r.nationality === NO_NATIONALITY ? null : r.nationality,
    count: Number(r.count),
    standard_count: Number(r.standard_count),
    priority_count: Number(r.priority_count),
    future_count: Number(r.future_count),
  }));
}

/** Orders processed (document uploaded) in the range per member who processed them, from the report totals. */
export async function processedByCounts(db: Knex, range: DayRange) {
  const rows = await db('report_processed_totals')
    .modify(inRange(range))
    .groupBy('processed_by')
    .select('processed_by', { count: db.raw('SUM(count)') })
    .havingRaw('SUM(count) > 0')
    .orderByRaw('SUM(count) DESC, processed_by ASC');
  return rows.map((r: Record<string, string | number>) => ({
    processed_by: r.processed_by,
    count: Number(r.count),
  }));
}
