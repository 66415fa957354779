import type { DisputeCategory, DisputeNetwork, DisputeStatus } from '@app/domain';
import { filterOn, integerId, pageInMemory, type ResourceRepository, type Row } from '../../core/resources.js';
import { DISPUTE_RECORD_COLUMNS, pageOfDisputes } from './repo.js';
import {
  changeDispute,
  disputeRecord,
  disputeReport,
  openDispute,
  type DisputeChange,
  type ReportGroup,
} from './service.js';

/** A form's optional value: '' and null say "none". */
const given = <T>(value: unknown): T | undefined =>
  value === '' || value === null || value === undefined ? undefined : (value as T);

/** A body of the form as the service takes it. */
const changeOf = (body: Row): DisputeChange => ({
  orderId: given<number>(body.orderId),
  gateway: given<string>(body.gateway),
  network: given<DisputeNetwork>(body.network),
  reasonCode: given<string>(body.reasonCode),
  reasonCategory: given<DisputeCategory>(body.reasonCategory),
  amount: given<number>(body.amount),
  currency: given<string>(body.currency),
  dueBy: given<string>(body.dueBy),
  status: given<DisputeStatus>(body.status),
  notes: given<string>(body.notes),
});

/** disputes: the desk's records; the Disputes due view is its list filtered on needs_response, by dueBy. */
export const disputesRepository: ResourceRepository = {
  async list({ app }, query) {
    const { rows, total } = await pageOfDisputes(app.db, query);
    return { rows: rows.map(disputeRecord(app.clock.now())), total };
  },
  async one({ app }, id) {
    const row = await app.db('disputes as d').where('d.id', integerId(id)).first(DISPUTE_RECORD_COLUMNS);
    return row && disputeRecord(app.clock.now())(row);
  },
  create: {
    async run(ctx, body) {
      const change = changeOf(body);
      const id = await openDispute(ctx.app, ctx.member, {
        ...change,
        network: change.network!,
        reasonCode: change.reasonCode!,
        amount: change.amount!,
      });
      return (await disputesRepository.one!(ctx, String(id)))!;
    },
  },
  update: {
    async run(ctx, id, body) {
      await changeDispute(ctx.app, ctx.member, integerId(id), changeOf(body));
      return (await disputesRepository.one!(ctx, id))!;
    },
  },
};

/** dispute-report: the report over its from/to filters, grouped as `groupBy` says, paged in memory. */
export const disputeReportRepository: ResourceRepository = {
  async list({ app }, query) {
    const value = (source: string) => String(filterOn(query, source)!.value);
    const rows = await disputeReport(app.dbRead, value('from'), value('to'), value('groupBy') as ReportGroup);
    const others = query.filters.filter((f) => !['from', 'to', 'groupBy'].includes(f.source));
    return pageInMemory(
      rows.map((r): Row => ({ ...r, id: `${r.group} ${r.currency}` })),
      { ...query, filters: others },
    );
  },
};
