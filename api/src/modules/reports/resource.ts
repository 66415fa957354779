import { filterOn, pageInMemory, type ListQuery, type ResourceRepository, type Row } from '../../core/resources.js';
import { countryReport, processedByReport } from './service.js';

/**
 * A report over the period of its from/to filters (both required by the description), paged in memory;
 * the screens and their CSV exports read it from the read replica when there is one (app.dbRead).
 */
const report =
  (read: (from: string, to: string) => Promise<Row[]>): ResourceRepository['list'] =>
  async (_ctx, query: ListQuery) => {
    const rows = await read(String(filterOn(query, 'from')!.value), String(filterOn(query, 'to')!.value));
    const others = query.filters.filter((f) => f.source !== 'from' && f.source !== 'to');
    return pageInMemory(rows, { ...query, filters: others });
  };

/** country-report: one row per nationality (the id; orders without one count under ''). */
export const countryReportRepository: ResourceRepository = {
  list: (ctx, query) =>
    report(async (from, to) =>
      (await countryReport(ctx.app.dbRead, from, to)).map((r: Row): Row => ({
        ...r,
        nationality: r.nationality ?? '',
      })),
    )(ctx, query),
};

/** processed-by-report: one row per member who processed orders. */
export const processedByReportRepository: ResourceRepository = {
  list: (ctx, query) => report((from, to) => processedByReport(ctx.app.dbRead, from, to))(ctx, query),
};
