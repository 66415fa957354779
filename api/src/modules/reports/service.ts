import type { Knex } from 'knex';
import { isIsoDate } from '@app/domain';
import { badRequest } from '../../http.js';
import { countryOrderCounts, processedByCounts, type DayRange } from './repo.js';

/** Checks a From/To pair of UTC days (both included). */
function dayRange(fromDate: string, toDate: string): DayRange {
  if (!isIsoDate(fromDate)) throw badRequest('fromDate is not a real date.');
  if (!isIsoDate(toDate)) throw badRequest('toDate is not a real date.');
  if (fromDate > toDate) throw badRequest('The From date must not be after the To date.');
  return { from: fromDate, to: toDate };
}

/** What the orders' change path queues for the report rollups, in its transaction. */
export { queueReportRollupChanges, REPORT_FACT_COLUMNS, type ReportFacts } from './rollups.js';
/** The rollup worker's queue: whether it is empty (tests wait on it) and its depth (/metrics). */
export { queuedRollupChanges, rollupsApplied } from './rollupWorker.js';

export const countryReport = (db: Knex, fromDate: string, toDate: string) =>
  countryOrderCounts(db, dayRange(fromDate, toDate));

export const processedByReport = (db: Knex, fromDate: string, toDate: string) =>
  processedByCounts(db, dayRange(fromDate, toDate));
