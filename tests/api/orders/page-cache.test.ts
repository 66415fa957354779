import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

/**
 * Queue pages are read once per process until an order changes (api/src/modules/orders/pageCache.ts):
 * the second read of a page asks the database nothing, and any change makes the next read fresh.
 */
describe.each(dialects())('the queue page cache on %s', (dialect) => {
  let t: TestApp;
  let off: TestApp;
  let tokens: Record<string, string>;
  const orderQueries: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ tokens } = await signInDemoAccounts(t));
    t.db.on('query', (q: { sql: string }) => {
      if (/^select .*`(orders|order_counters|order_ranks)`/.test(q.sql)) orderQueries.push(q.sql);
    });
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
  });

  const page = async (app: TestApp, token: string, queue: string) => {
    const res = await app.call(token, { method: 'GET', url: `/api/admin/get-orders-list/${queue}?page=1&limit=10` });
    expect(res.statusCode).toBe(200);
    return res.json() as { data: Array<{ order_id: number; process_status: string }>; total: number };
  };
  const stored = async (status: string) =>
    (
      await t.db('orders').where({ process_status: status }).orderBy('order_id', 'desc').limit(10).pluck('order_id')
    ).map(Number);

  it("answers a page read again from memory, in both the old system's list and the orders resource", async () => {
    const first = await page(t, tokens.manager!, 'completedOrder');
    orderQueries.length = 0;
    // Another member of a role that reads the same fields (Team would get the age in hours, without paid_at).
    expect(await page(t, tokens.admin!, 'completedOrder')).toEqual(first);
    const resource = await t.call(tokens.manager!, {
      method: 'GET',
      url: `/api/orders?filter=${encodeURIComponent('{"queue":"completedOrder"}')}&range=[0,9]&sort=["order_id","DESC"]`,
    });
    expect(resource.json().map((o: { order_id: number }) => o.order_id)).toEqual(first.data.map((o) => o.order_id));
    expect(orderQueries).toEqual([]);
  });

  it('reads the page anew after any order change, and shows the change', async () => {
    const before = await page(t, tokens.manager!, 'awaitingOrder');
    const order = await t.db('orders').where({ process_status: 'New' }).orderBy('order_id', 'desc').first('order_id');
    const moved = await t.call(tokens.manager!, {
      method: 'PUT',
      url: '/api/admin/move-order-status',
      payload: { orderIds: [order.order_id], updatingStatus: 'Awaiting' },
    });
    expect(moved.statusCode).toBe(200);
    const after = await page(t, tokens.manager!, 'awaitingOrder');
    expect(after.total).toBe(before.total + 1);
    expect(after.data.map((o) => Number(o.order_id))).toEqual(await stored('Awaiting'));
  });

  it('keeps My Orders apart for each member', async () => {
    const order = await t.db('orders').where({ process_status: 'New' }).whereNull('assignee_id').first('order_id');
    await t.call(tokens.team!, {
      method: 'PUT',
      url: '/api/admin/assign-order-status',
      payload: { orderId: order.order_id, assignto: 'me' },
    });
    const mine = (await page(t, tokens.team!, 'myOrder')).data.map((o) => Number(o.order_id));
    const theirs = (await page(t, tokens.telecaller!, 'myOrder')).data.map((o) => Number(o.order_id));
    expect(mine).toContain(Number(order.order_id));
    expect(theirs).not.toContain(Number(order.order_id));
  });

  it('is off with PAGE_CACHE_MS=0: every read asks the database', async () => {
    off = await createTestApp(dialect, { config: { pageCacheMs: 0 } });
    const token = await off.login('manager@demo.test');
    const queries: string[] = [];
    // A page's statement reads its total from the counters (order_totals or order_counters).
    off.db.on('query', (q: { sql: string }) => void (/order_(counters|totals)/.test(q.sql) && queries.push(q.sql)));
    await page(off, token, 'completedOrder');
    const once = queries.length;
    await page(off, token, 'completedOrder');
    expect(once).toBeGreaterThan(0);
    expect(queries.length).toBe(once * 2);
  });
});
