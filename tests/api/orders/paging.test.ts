import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES, todayUtc, queueByOrderName } from '@app/domain';
import { RANK_BLOCK, recountOrderCounters } from '../../../api/src/modules/orders/counters.js';
import { queueCondition } from '../../../api/src/modules/orders/repo.js';
import { listQueue } from '../../../api/src/modules/orders/service.js';
import { createRng, makeOrder } from '../../../seeds/generator.js';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

const STATUSES = ['Completed', 'Completed', 'Completed', 'Awaiting', 'Refunds', 'Deleted', 'ChargeBack', 'New'];

/**
 * Queue pages come from the rank structure (order_ranks: orders per status per block of ids) or, for
 * the other queues and sorts, from an index walk read from the nearer end. Whichever way, every page
 * must be exactly the rows one ordered read of the whole queue gives.
 */
describe.each(dialects())('queue paging on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let adminId: number;

  /** Every page of a queue through the API, concatenated. */
  async function readAllPages(orderName: string, order: string, limit: number, total: number) {
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(total / limit) + 1; page++) {
      const res = await t.call(token, {
        method: 'GET',
        url: `/api/admin/get-orders-list/${orderName}?page=${page}&limit=${limit}&sort=order_id&order=${order}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(total);
      seen.push(...res.json().data.map((o: { order_id: number }) => Number(o.order_id)));
    }
    return seen;
  }

  /** The same through the service with no walk from the ends allowed, so that every page reads the rank blocks. */
  async function readAllPagesByRank(orderName: string, order: string, limit: number, total: number) {
    const queue = queueByOrderName(orderName)!;
    const member = { id: adminId, name: 'Admin', email: 'admin@demo.test', type: 'Admin' } as const;
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(total / limit) + 1; page++) {
      const answer = await listQueue(t.db, member, queue, { page, limit, sort: 'order_id', order, edgeWalk: 0 });
      expect(answer.total).toBe(total);
      seen.push(...answer.orders.map((o) => Number(o.order_id)));
    }
    return seen;
  }

  const orderedRead = async (orderName: string, order: 'asc' | 'desc') =>
    (
      await t
        .db('orders')
        .modify(queueCondition(queueByOrderName(orderName)!.filter, adminId, todayUtc()))
        .orderBy('order_id', order)
        .pluck('order_id')
    ).map(Number);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const accounts = await signInDemoAccounts(t);
    token = accounts.tokens.admin!;
    adminId = accounts.ids.admin!;
    // Orders spread over several rank blocks, with gaps, so that pages cross block edges.
    const rng = createRng(dialect === 'mysql' ? 5 : 3);
    const orders = Array.from({ length: 360 }, (_, i) => ({
      ...makeOrder(rng, RANK_BLOCK * 2 + i * 331 + rng.int(0, 300), Date.now() - i * 60_000),
      process_status: rng.pick(STATUSES),
    }));
    await t.db.batchInsert('orders', orders, 50);
    await recountOrderCounters(t.db);
  });
  afterAll(() => t?.close());

  it('rank rows stay exact after random moves, bulk moves and deletes', async () => {
    const rng = createRng(17);
    const ids = (await t.db('orders').pluck('order_id')).map(Number);
    let changed = 0;
    for (let step = 0; step < 60; step++) {
      const res = await t.call(token, {
        method: 'PUT',
        url: '/api/admin/move-order-status',
        payload: {
          orderIds: Array.from({ length: rng.int(1, 4) }, () => rng.pick(ids)),
          updatingStatus: rng.pick(['Completed', 'Awaiting', 'Refunds', 'Deleted', 'ChargeBack', 'Customer Called']),
        },
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.statusCode === 200) changed++;
    }
    expect(changed).toBeGreaterThan(40);
    const key = (r: { status: string; block: number; count: number }) => `${r.status}|${Number(r.block)}`;
    const read = async () =>
      Object.fromEntries(
        (await t.db('order_ranks').where('count', '!=', 0)).map((r) => [key(r), Number(r.count)] as const),
      );
    const stored = await read();
    await recountOrderCounters(t.db);
    expect(stored).toEqual(await read());
    // The orders really lie in several blocks.
    expect(new Set(Object.keys(stored).map((k) => k.split('|')[1])).size).toBeGreaterThan(4);
  });

  it.each(QUEUES.flatMap((q) => [[q.orderName, 'desc', 7] as const, [q.orderName, 'asc', 25] as const]))(
    '%s %s in pages of %i equals one ordered read',
    async (orderName, order, limit) => {
      const expected = await orderedRead(orderName, order);
      expect(await readAllPages(orderName, order, limit, expected.length)).toEqual(expected);
      expect(await readAllPagesByRank(orderName, order, limit, expected.length)).toEqual(expected);
    },
  );

  it('a page past the end is empty and keeps the total', async () => {
    const expected = await orderedRead('completedOrder', 'desc');
    const res = await t.call(token, {
      method: 'GET',
      url: `/api/admin/get-orders-list/completedOrder?page=${expected.length}&limit=10&sort=order_id&order=desc`,
    });
    expect(res.json()).toMatchObject({ total: expected.length, data: [] });
  });
});
