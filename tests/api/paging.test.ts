import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayUtc, queueByOrderName } from '@app/domain';
import { queueCondition } from '../../api/src/modules/orders/repo.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dialects } from '../helpers/db.js';

/** Deep pages are read from the far end of the queue; every page must still be exactly the rows an OFFSET gives. */
describe.each(dialects())('queue paging on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await t.login('admin@demo.test');
  });
  afterAll(() => t?.close());

  it.each([
    ['completedOrder', 'desc', 7],
    ['allOrder', 'desc', 25],
    ['allOrder', 'asc', 50],
    ['newOrder', 'desc', 10],
  ])('%s %s in pages of %i equals one ordered read', async (orderName, order, limit) => {
    const queue = queueByOrderName(orderName)!;
    const expected = (
      await t
        .db('orders')
        .modify(queueCondition(queue.filter, 0, todayUtc()))
        .orderBy('order_id', order)
        .pluck('order_id')
    ).map(Number);
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / limit) + 1; page++) {
      const res = await t.call(token, {
        method: 'GET',
        url: `/api/admin/get-orders-list/${orderName}?page=${page}&limit=${limit}&sort=order_id&order=${order}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(expected.length);
      seen.push(...res.json().data.map((o: { order_id: number }) => Number(o.order_id)));
    }
    expect(seen).toEqual(expected);
  });
});
