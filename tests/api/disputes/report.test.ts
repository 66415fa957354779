import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { ManualClock } from '../../../api/src/core/clock.js';
import { fillDisputes } from '../../../seeds/bulk/disputes.js';
import { evidenceItems, tallyOpenedIn } from '../../../api/src/modules/disputes/repo.js';
import * as orderFacts from '../../../migrations/036_dispute_order_facts.js';

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

  const report = async (from: string, to: string, groupBy: string) => {
    const res = await t.call(token, {
      method: 'GET',
      url: `/api/dispute-report?filter=${encodeURIComponent(JSON.stringify({ from, to, groupBy }))}&range=${encodeURIComponent('[0,499]')}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const byId = (a: Tally, b: Tally) => `${a.group} ${a.currency}`.localeCompare(`${b.group} ${b.currency}`);
    return (res.json() as Tally[]).sort(byId);
  };

  /** The report as its definition says, from each dispute's own row and its order's records, tallied here. */
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
    for (const groupBy of GROUPS) await expectTallied(from, to, groupBy);
  });

  async function expectTallied(from: string, to: string, groupBy: (typeof GROUPS)[number]) {
    const rows = (await report(from, to, groupBy)).map(
      ({ group, currency, opened, won, lost, expired, accepted, amount }) => ({
        group,
        currency,
        opened,
        won,
        lost,
        expired,
        accepted,
        amount: Math.round(Number(amount) * 100) / 100,
      }),
    );
    const byId = (a: Tally, b: Tally) => `${a.group} ${a.currency}`.localeCompare(`${b.group} ${b.currency}`);
    expect(rows, groupBy).toEqual((await expected(from, to, groupBy)).sort(byId));
    expect(rows.length, groupBy).toBeGreaterThan(0);
  }

  it('gives the disputes it finds their orders’ nationality and evidence as opening them does (migration 036)', async () => {
    const kept = () => t.db('disputes').orderBy('id').select('id', 'nationality', 'evidence');
    const opened = await kept();
    expect(opened.filter((d) => d.nationality).length).toBeGreaterThan(0);
    await orderFacts.down(t.db);
    await orderFacts.up(t.db);
    expect(await kept()).toEqual(opened);
  });

  it('counts a dispute matched to an order later under the order’s nationality and evidence, and the items added', async () => {
    const order = await t
      .db('orders as o')
      .whereNotNull('o.nationality')
      .whereNotNull('o.terms_accepted_at')
      .whereExists((q) => q.select(1).from('download_history as h').whereRaw('h.order_id = o.order_id'))
      .whereNotExists((q) => q.select(1).from('disputes as d').whereRaw('d.order_id = o.order_id'))
      .first('o.order_id', 'o.nationality');
    expect(order).toBeDefined();
    const result = await t.app.disputesService.applyGatewayDispute(t.app, {
      provider: 'stripe',
      eventId: `evt_${dialect}_later`,
      eventType: 'charge.dispute.created',
      externalId: `dp_${dialect}_later`,
      paymentRefs: ['ch_no_order'],
      network: 'visa',
      reasonCode: 'fraudulent',
      reasonCategory: 'fraud',
      amount: 25,
      currency: 'EUR',
      openedAt: clock.now(),
      dueBy: null,
      status: 'needs_response',
    });
    expect(result).toBe('unmatched');
    const { id } = await t
      .db('disputes')
      .where({ external_id: `dp_${dialect}_later` })
      .first('id');
    const added = await t.call(token, {
      method: 'POST',
      url: `/api/disputes/${id}/evidence-items`,
      payload: { item: 'receipt', text: 'Receipt sent at checkout.' },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await t.db('disputes').where({ id }).first('nationality', 'evidence')).toEqual({
      nationality: null,
      evidence: 'receipt',
    });
    const matched = await t.call(token, {
      method: 'PUT',
      url: `/api/disputes/${id}`,
      payload: { orderId: order.order_id },
    });
    expect(matched.statusCode, matched.body).toBe(200);
    const dispute = await t.db('disputes').where({ id }).first('nationality', 'evidence');
    expect(dispute.nationality).toBe(order.nationality);
    expect(dispute.evidence.split(',')).toEqual(expect.arrayContaining(['download_log', 'receipt', 'terms_accepted']));
    for (const groupBy of ['nationality', 'evidence'] as const)
      await expectTallied('2026-11-01', '2026-11-30', groupBy);
  });

  it('counts evidence recorded after opening once the answer is sent', async () => {
    const dispute = await t
      .db('disputes as d')
      .join('orders as o', 'o.order_id', 'd.order_id')
      .where('d.status', 'needs_response')
      .whereNotExists((q) => q.select(1).from('download_history as h').whereRaw('h.order_id = d.order_id'))
      .first('d.id', 'd.order_id', 'd.evidence');
    expect(dispute).toBeDefined();
    await t
      .db('download_history')
      .insert({ order_id: dispute.order_id, ip: '203.0.113.9', created_at: '2026-11-28 08:00:00' });
    expect((await t.db('disputes').where({ id: dispute.id }).first('evidence')).evidence).toBe(dispute.evidence);
    const sent = await t.call(token, {
      method: 'PUT',
      url: `/api/disputes/${dispute.id}`,
      payload: { status: 'under_review' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { evidence } = await t.db('disputes').where({ id: dispute.id }).first('evidence');
    expect(evidence.split(',')).toEqual(expect.arrayContaining(['download_log', ...evidenceItems(dispute.evidence)]));
    await expectTallied('2000-01-01', '2026-11-28', 'evidence');
  });

  it('keeps the nationality a dispute opened with when its order’s changes later', async () => {
    const before = await report('2000-01-01', '2026-11-28', 'nationality');
    const disputed = await t.db('disputes').whereNotNull('nationality').first('order_id', 'nationality');
    await t.db('orders').where({ order_id: disputed.order_id }).update({ nationality: 'Changed Later' });
    expect(await report('2000-01-01', '2026-11-28', 'nationality')).toEqual(before);
  });

  it.runIf(dialect === 'mysql')(
    'reads a period from one index, without the disputes’ rows, for each group',
    async () => {
      for (const group of ['month', 'gateway', 'network', 'reasonCode', 'nationality', 'evidence'] as const) {
        const tally = tallyOpenedIn(t.db, '2000-01-01 00:00:00', '2026-11-28 23:59:59', group);
        const [plan] = (await t.db.raw(`EXPLAIN ${(tally as unknown as Knex.QueryBuilder).toQuery()}`)) as [
          Array<{ key: string | null; Extra: string }>,
        ];
        expect(plan, group).toHaveLength(1);
        expect(plan[0], group).toMatchObject({ key: 'disputes_report' });
        expect(plan[0]!.Extra, group).toContain('Using index');
      }
    },
  );
});
