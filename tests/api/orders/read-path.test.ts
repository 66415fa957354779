import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES, RESOURCES } from '@app/domain';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

type Row = Record<string, unknown>;
const SORTABLE = RESOURCES.orders!.fields.filter((f) => f.sortable).map((f) => f.source);
const ids = (rows: Row[]) => rows.map((row) => Number(row.order_id ?? row.id));

/**
 * One read path for orders (orders/read.ts listOrders): get-orders-list and search-order translate their
 * parameters into the same list read as /api/orders, so the two answer the same rows; every sortable
 * field of the registry sorts both; and a first page of a queue is two statements: the page, and its total
 * from the counters.
 */
describe.each(dialects())('the one read path of orders on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await t.login('admin@demo.test');
  });
  afterAll(() => t?.close());

  const get = async (url: string) => {
    const res = await t.call(token, { method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res;
  };
  const resourcePage = async (queue: string, sort: string, order: string, start = 0, end = 24) =>
    (
      await get(
        `/api/orders?${new URLSearchParams({
          filter: JSON.stringify({ queue }),
          sort: JSON.stringify([sort, order.toUpperCase()]),
          range: JSON.stringify([start, end]),
        })}`,
      )
    ).json() as Row[];

  it.each(SORTABLE.flatMap((sort) => ['asc', 'desc'].map((order) => [sort, order])))(
    'get-orders-list?sort=%s&order=%s answers the rows of /api/orders sorted the same way',
    async (sort, order) => {
      for (const queue of ['allOrder', 'completedOrder']) {
        const spec = (await get(`/api/admin/get-orders-list/${queue}?limit=25&sort=${sort}&order=${order}`)).json();
        expect(spec.data.length).toBeGreaterThan(0);
        expect(ids(spec.data)).toEqual(ids(await resourcePage(queue, sort, order)));
      }
    },
  );

  it('refuses a sort the registry does not declare sortable, naming the parameter', async () => {
    const res = await t.call(token, { method: 'GET', url: '/api/admin/get-orders-list/allOrder?sort=passport_number' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/sort/);
  });

  it('answers search-order with the rows of /api/orders filtered by the same search', async () => {
    const order = await t.db('orders').whereNot('process_status', 'Deleted').orderBy('order_id', 'desc').first('email');
    const searchVal = String(order.email).slice(0, 4);
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/admin/search-order',
      payload: { folderName: 'allOrder', searchVal, start: 0, end: 20 },
    });
    expect(res.statusCode).toBe(200);
    const resource = await get(
      `/api/orders?${new URLSearchParams({
        filter: JSON.stringify({ queue: 'allOrder', q: searchVal }),
        sort: JSON.stringify(['order_id', 'DESC']),
        range: JSON.stringify([0, 19]),
      })}`,
    );
    expect(res.json().data.length).toBeGreaterThan(0);
    expect(ids(res.json().data)).toEqual(ids(resource.json()));
    expect(res.json().total).toBe(Number(resource.headers['content-range']!.split('/')[1]));
  });

  it.each(QUEUES.map((q) => [q.orderName]))(
    'reads a first page of %s in one statement on orders and its total in one on order_counters',
    async (queue) => {
      const statements: string[] = [];
      const listener = (q: { sql: string }) => {
        if (/\b(orders|order_counters)\b/.test(q.sql)) statements.push(q.sql);
      };
      const counts = (await get('/api/admin/get-folder-count')).json().data;
      const size = counts[QUEUES.find((q) => q.orderName === queue)!.countField];
      t.db.on('query', listener);
      try {
        const page = (await get(`/api/admin/get-orders-list/${queue}?page=1&limit=10`)).json();
        expect(page.total).toBe(size);
        expect(page.data.length).toBe(Math.min(10, size));
      } finally {
        t.db.off('query', listener);
      }
      const onCounters = statements.filter((sql) => /\border_counters\b/.test(sql));
      expect(onCounters, statements.join('\n')).toHaveLength(1);
      expect(onCounters[0]).not.toMatch(/\borders\b/);
      expect(
        statements.filter((sql) => !onCounters.includes(sql)),
        statements.join('\n'),
      ).toHaveLength(1);
    },
  );
});
