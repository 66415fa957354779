/**
 * The dispute desk's bench entries (BENCH_ONLY=disputes): the Disputes due view (waiting for an answer, by
 * deadline) first and last page of 10 and 100 rows, and the dispute report over a month, a year and all time,
 * grouped by each of its groups. The desk is filled to DISPUTES disputes first (seeds/bulk/disputes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { dayjs, DISPUTE_DUE_STATUSES } from '@app/domain';
import type { ListQuery } from '../../api/src/core/resources.js';
import { disputesRepository } from '../../api/src/modules/disputes/resource.js';
import { disputeReport, REPORT_GROUPS } from '../../api/src/modules/disputes/service.js';
import type { Member } from '../../api/src/types.js';
import { fillDisputes } from '../../seeds/bulk/disputes.js';
import { dialectOf } from '../../api/src/db/knex.js';
import type { Scenario } from './customFields.js';

const DISPUTES = Number(process.env.BENCH_DISPUTES ?? 10_000);

/** Tops the desk up to DISPUTES disputes; answers how many it has. */
export async function prepareDisputes(db: Knex): Promise<number> {
  const row = (await db('disputes').count({ n: '*' }).first()) as { n?: number | string } | undefined;
  const have = Number(row?.n ?? 0);
  const added = await fillDisputes(db, DISPUTES - have);
  if (added && dialectOf(db) === 'mysql') await db.raw('ANALYZE TABLE disputes, dispute_evidence');
  return have + added;
}

const param = (value: unknown) => encodeURIComponent(JSON.stringify(value));

export async function disputeScenarios(db: Knex, member: Member): Promise<Scenario[]> {
  // What the resource's list reads of the app: its database and clock (for each record's days left).
  const ctx = { app: { db, dbRead: db, clock: { now: () => new Date() } } as unknown as FastifyInstance, member };
  const due = DISPUTE_DUE_STATUSES[0]!;
  const dueList = (start: number, limit: number): ListQuery => ({
    sort: { source: 'dueBy', column: 'due_by', order: 'asc' },
    start,
    end: start + limit - 1,
    filters: [{ source: 'status', column: 'status', op: 'eq', value: due }],
  });
  const { total } = await disputesRepository.list(ctx, dueList(0, 1));
  const scenarios: Scenario[] = [];
  for (const limit of [10, 100]) {
    const last = Math.max(0, Math.ceil(total / limit) - 1) * limit;
    for (const [label, start] of [
      ['first', 0],
      [`last (row ${last} of ${total})`, last],
    ] as const)
      scenarios.push({
        name: `disputes due ${label}, size ${limit}`,
        method: 'GET',
        path: `/api/disputes?filter=${param({ status: due })}&sort=${param(['dueBy', 'ASC'])}&range=${param([start, start + limit - 1])}`,
        direct: () => disputesRepository.list(ctx, dueList(start, limit)),
        budgetP95: 15,
      });
  }
  const today = dayjs.utc();
  const ranges: Array<[string, string]> = [
    ['a month', today.subtract(1, 'month').add(1, 'day').format('YYYY-MM-DD')],
    ['a year', today.subtract(1, 'year').add(1, 'day').format('YYYY-MM-DD')],
    ['all', '2000-01-01'],
  ];
  const to = today.format('YYYY-MM-DD');
  for (const [label, from] of ranges)
    for (const groupBy of REPORT_GROUPS)
      scenarios.push({
        name: `dispute report, ${label}, by ${groupBy}`,
        method: 'GET',
        path: `/api/dispute-report?filter=${param({ from, to, groupBy })}&sort=${param(['group', 'ASC'])}&range=${param([0, 99])}`,
        direct: () => disputeReport(db, from, to, groupBy),
        budgetP95: 25,
      });
  return scenarios;
}
