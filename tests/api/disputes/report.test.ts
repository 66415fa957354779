import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { ManualClock } from '../../../api/src/core/clock.js';
import { fillDisputes } from '../../../seeds/bulk/disputes.js';
import { tallyOpenedIn } from '../../../api/src/modules/disputes/repo.js';

const GROUPS = ['month', 'gateway', 'network', 'reasonCode', 'nationality', 'evidence'] as const;
type Tally = Record<string, number | string | null | undefined>;

describe.each(dialects())('dispute report on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  const clock = new ManualClock('2026-11-28T09:00:00Z');

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
    token = (await signInDemoAccounts(t)).tokens.manager!;
    // Disputes of every network, status and currency over two years, some unmatched, some with items added.
    await fillDisputes(t.db, 400, clock.now().getTime());
    // An item a person added that the order's records also give: the dispute counts under it once.
    const withDownloads = await t
      .db('disputes as d')
      .join('download_history as h', 'h.order_id', 'd.order_id')
      .first('d.id');
    if (withDownloads)
      await t.db('dispute_evidence').insert({
        dispute_id: withDownloads.id,
        item: 'download_log',
        text: 'The customer downloaded the card.',
        created_at: '2026-11-01 00:00:00',
      });
  });
  afterAll(() => t?.close());

  /** The report as its definition says, from each dispute's own row and records, tallied here. */
  async function expected(from: string, to: string, groupBy: (typeof GROUPS)[number]) {
    const period: [string, string] = [`${from} 00:00:00`, `${to} 23:59:59`];
    const disputes: Array<Record<string, string | number | null>> = await t
      .db('disputes as d')
      .leftJoin('orders as o', 'o.order_id', 'd.order_id')
      .whereBetween('d.opened_at', period)
      .select('d.*', 'o.nationality', 'o.terms_accepted_at');
    const orderIds = async (table: string, delivered = false) =>
      new Set(
        (
          await t
            .db(table)
            .modify((q) => (delivered ? q.whereNotNull('delivered_at') : q))
            .pluck('order_id')
        ).map(Number),
      );
    const [downloads, deliveries, documents] = [
      await orderIds('download_history'),
      await orderIds('mail_outbox', true),
      await orderIds('uploaded_documents'),
    ];
    const added: Array<{ dispute_id: number; item: string }> = await t
      .db('dispute_evidence')
      .select('dispute_id', 'item');
    const keysOf = (d: Record<string, string | number | null>): string[] => {
      const order = Number(d.order_id);
      switch (groupBy) {
        case 'month':
          return [String(d.opened_at).slice(0, 7)];
        case 'gateway':
          return [String(d.gateway ?? '')];
        case 'network':
          return [String(d.network)];
        case 'reasonCode':
          return [String(d.reason_code)];
        case 'nationality':
          return [String(d.nationality ?? '')];
        case 'evidence': {
          const items = [
            ...(downloads.has(order) ? ['download_log'] : []),
            ...(deliveries.has(order) ? ['delivery_events'] : []),
            ...(documents.has(order) ? ['finished_document'] : []),
            ...(d.terms_accepted_at ? ['terms_accepted'] : []),
            ...added.filter((a) => Number(a.dispute_id) === Number(d.id)).map((a) => a.item),
          ];
          return [...new Set(items.length ? items : ['none'])];
        }
      }
    };
    const rows = new Map<string, Tally>();
    for (const d of disputes)
      for (const group of keysOf(d)) {
        const id = `${group} ${d.currency}`;
        const row: Tally = rows.get(id) ?? {
          group,
          currency: d.currency,
          opened: 0,
          won: 0,
          lost: 0,
          expired: 0,
          accepted: 0,
        };
        rows.set(id, row);
        row.opened = Number(row.opened) + 1;
        if (['won', 'lost', 'expired', 'accepted'].includes(String(d.status)))
          row[String(d.status)] = Number(row[String(d.status)]) + 1;
        row.amount = Math.round((Number(row.amount ?? 0) + Number(d.amount)) * 100) / 100;
      }
    return [...rows.values()];
  }

  it.each([
    ['a month', '2026-11-01', '2026-11-30'],
    ['a year', '2025-11-29', '2026-11-28'],
    ['all', '2000-01-01', '2026-11-28'],
  ])('tallies %s grouped each way as the disputes, their orders and their evidence say', async (_label, from, to) => {
    for (const groupBy of GROUPS) {
      const res = await t.call(token, {
        method: 'GET',
        url: `/api/dispute-report?filter=${encodeURIComponent(JSON.stringify({ from, to, groupBy }))}&range=${encodeURIComponent('[0,499]')}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows = (res.json() as Tally[]).map(({ group, currency, opened, won, lost, expired, accepted, amount }) => ({
        group,
        currency,
        opened,
        won,
        lost,
        expired,
        accepted,
        amount: Math.round(Number(amount) * 100) / 100,
      }));
      const byId = (a: Tally, b: Tally) => `${a.group} ${a.currency}`.localeCompare(`${b.group} ${b.currency}`);
      expect(rows.sort(byId), groupBy).toEqual((await expected(from, to, groupBy)).sort(byId));
      expect(rows.length, groupBy).toBeGreaterThan(0);
    }
  });

  it.runIf(dialect === 'mysql')('reads a period from one index, without the disputes’ rows', async () => {
    const tally = tallyOpenedIn(t.db, '2000-01-01 00:00:00', '2026-11-28 23:59:59', 'network');
    const [plan] = (await t.db.raw(`EXPLAIN ${(tally as unknown as Knex.QueryBuilder).toQuery()}`)) as [
      Array<{ key: string | null; Extra: string }>,
    ];
    expect(plan[0]).toMatchObject({ key: 'disputes_report' });
    expect(plan[0]!.Extra).toContain('Using index');
  });
});
