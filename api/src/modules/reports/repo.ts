import type { Knex } from 'knex';

/** Datetimes of the days `from` to `to` included, as stored (UTC): [from 00:00:00, day after `to`). */
export interface DayRange {
  start: string;
  end: string;
}

const inRange = (column: string, range: DayRange) => (q: Knex.QueryBuilder) =>
  q.where(column, '>=', range.start).where(column, '<', range.end);

const countIf = (db: Knex, mode: string) => db.raw('SUM(CASE WHEN processing_mode = ? THEN 1 ELSE 0 END)', [mode]);

/** Orders created in the range per nationality, split by processing mode; deleted orders are not sales. */
export async function countryOrderCounts(db: Knex, range: DayRange) {
  const rows = await db('orders')
    .modify(inRange('created_at', range))
    .whereNot('process_status', 'Deleted')
    .groupBy('nationality')
    .select('nationality', {
      count: db.raw('COUNT(*)'),
      standard_count: countIf(db, 'Standard'),
      priority_count: countIf(db, 'Priority'),
      future_count: countIf(db, 'Future'),
    })
    .orderByRaw('COUNT(*) DESC, nationality ASC');
  return rows.map((r: Record<string, string | number | null>) => ({
    nationality: r.nationality,
    count: Number(r.count),
    standard_count: Number(r.standard_count),
    priority_count: Number(r.priority_count),
    future_count: Number(r.future_count),
  }));
}

/** Orders processed (document uploaded) in the range per member who processed them. */
export async function processedByCounts(db: Knex, range: DayRange) {
  const rows = await db('orders')
    .modify(inRange('processed_at', range))
    .whereNotNull('processed_by')
    .groupBy('processed_by')
    .select('processed_by', { count: db.raw('COUNT(*)') })
    .orderByRaw('COUNT(*) DESC, processed_by ASC');
  return rows.map((r: Record<string, string | number | null>) => ({
    processed_by: r.processed_by,
    count: Number(r.count),
  }));
}
