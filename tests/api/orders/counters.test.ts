import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayjs, QUEUES, queueByOrderName, todayUtc } from '@app/domain';
import { createRng, minimalPdf } from '../../../seeds/generator.js';
import { queueCounts, queueTotal, readCounters, readCountersFor } from '../../../api/src/modules/orders/counters.js';
import { monthCondition, queueCondition } from '../../../api/src/modules/orders/repo.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { postUpload } from '../../helpers/upload.js';

const STAFF = ['admin@demo.test', 'manager@demo.test', 'team@demo.test', 'telecaller@demo.test'];
const TARGETS = [
  'Awaiting',
  'Refunds',
  'Completed',
  'Deleted',
  'Contact Customer',
  'AwaitingGovt',
  'Customer Called',
  'ChargeBack',
];

/**
 * The queue counts are served from order_counters (docs/decisions/sharded-counters.md). Whatever sequence of changes
 * staff make, and whatever day it is, they must equal a count over the orders themselves.
 */
describe.each(dialects())('queue counters on %s', (dialect) => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  const members = new Map<string, number>();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const email of STAFF) {
      tokens.set(email, await t.login(email));
      members.set(email, (await t.db('team_members').where({ email }).first('id')).id);
    }
  });
  afterAll(() => t?.close());

  /** Every queue counted straight from orders with the queue's SQL, for one member on one day. */
  async function recount(memberId: number, today: string) {
    const counts: Record<string, number> = {};
    for (const queue of QUEUES) {
      const row = await t
        .db('orders')
        .modify(queueCondition(queue.filter, memberId, today))
        .count({ n: '*' })
        .first();
      counts[queue.countField] = Number(row?.n ?? 0);
    }
    return counts;
  }

  async function expectCountersExact(days: string[]) {
    const counters = await readCounters(t.db);
    for (const memberId of members.values()) {
      for (const day of days) {
        const expected = await recount(memberId, day);
        expect(queueCounts(counters, memberId, day), `member ${memberId} on ${day}`).toEqual(expected);
        // The folded read that the folder counts use must agree too.
        const folded = await readCountersFor(t.db, memberId, day);
        expect(queueCounts(folded, memberId, day), `folded, member ${memberId} on ${day}`).toEqual(expected);
        // And so must the one-queue sums the list totals use.
        for (const queue of QUEUES) {
          expect(await queueTotal(t.db, queue.filter, memberId, day), `${queue.orderName} total`).toBe(
            expected[queue.countField],
          );
        }
      }
    }
  }

  it('match a full recount after a random sequence of moves, assigns, uploads and deletes', async () => {
    const rng = createRng(dialect === 'mysql' ? 7 : 11);
    const ids: number[] = (await t.db('orders').orderBy('order_id').pluck('order_id')).map(Number);
    const outcomes = new Map<string, number>();
    for (let step = 0; step < 80; step++) {
      const email = rng.pick(STAFF);
      const token = tokens.get(email)!;
      const orderId = rng.pick(ids);
      const action = rng.pick(['move', 'move', 'assign', 'assign', 'unassign', 'upload', 'delete', 'refund', 'bulk']);
      let res;
      if (action === 'move') {
        res = await t.call(token, {
          method: 'PUT',
          url: '/api/admin/change-order-status',
          payload: { orderId, updatingStatus: rng.pick(TARGETS.filter((s) => s !== 'Deleted')) },
        });
      } else if (action === 'assign') {
        res = await t.call(token, { method: 'PUT', url: '/api/admin/assign-order-status', payload: { orderId } });
      } else if (action === 'unassign') {
        res = await t.call(token, { method: 'PUT', url: '/api/admin/unassign-order', payload: { orderId } });
      } else if (action === 'upload') {
        const order = await t.db('orders').where({ order_id: orderId }).first('email');
        res = await postUpload(t, token, {
          orderId,
          email: order.email,
          file: { bytes: minimalPdf([`Order ${orderId}`]), name: 'card.pdf' },
        });
      } else if (action === 'delete') {
        res = await t.call(tokens.get('manager@demo.test')!, {
          method: 'PUT',
          url: '/api/admin/change-order-status',
          payload: { orderId, updatingStatus: 'Deleted' },
        });
      } else if (action === 'refund') {
        res = await t.call(token, { method: 'PUT', url: '/api/admin/move-to-complete-refund', payload: { orderId } });
      } else {
        res = await t.call(token, {
          method: 'PUT',
          url: '/api/admin/move-order-status',
          payload: {
            orderIds: [rng.pick(ids), rng.pick(ids), rng.pick(ids)],
            updatingStatus: rng.pick(TARGETS.filter((s) => s !== 'Deleted')),
          },
        });
      }
      expect(res.statusCode, `${action} ${orderId}: ${res.body}`).toBeLessThan(500);
      const key = `${action}:${res.statusCode}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
    // The sequence really changed orders, not only tried to.
    expect([...outcomes].filter(([k]) => k.endsWith(':200')).reduce((n, [, v]) => n + v, 0)).toBeGreaterThan(30);
    await expectCountersExact([todayUtc()]);
  });

  it('stay exact across midnight and the coming months for the date-dependent queues', async () => {
    const today = dayjs.utc(todayUtc());
    const days = [0, 1, 2, 31, 180, 365].map((n) => today.add(n, 'day').format('YYYY-MM-DD'));
    await expectCountersExact(days);
    // The Future Order month tables' totals, month by month.
    const future = queueByOrderName('futureOrder')!;
    for (let i = 0; i < 12; i++) {
      const month = today.add(i, 'month').format('YYYY-MM');
      const row = await t
        .db('orders')
        .modify(queueCondition(future.filter, 0, days[0]!))
        .modify(monthCondition(month))
        .count({ n: '*' })
        .first();
      expect(await queueTotal(t.db, future.filter, 0, days[0]!, month), month).toBe(Number(row?.n ?? 0));
    }
    // Tomorrow really moves orders from Future to New, so the check above compared different numbers.
    const counters = await readCounters(t.db);
    const adminId = members.get('admin@demo.test')!;
    expect(queueCounts(counters, adminId, days[5]!).futureOrdersCount).toBeLessThan(
      queueCounts(counters, adminId, days[0]!).futureOrdersCount!,
    );
  });
});
