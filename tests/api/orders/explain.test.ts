import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayjs, DB_DATE, QUEUES, todayUtc } from '@app/domain';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { recountOrderCounters } from '../../../api/src/modules/orders/counters.js';
import { createRng, makeOrder } from '../../../seeds/generator.js';

const BULK_ORDERS = 20_000;
/** Production-like shares: most orders end Completed (docs/performance.md#budgets). */
const STATUSES: ReadonlyArray<[string, number]> = [
  ['Completed', 0.7],
  ['New', 0.1],
  ['Awaiting', 0.04],
  ['AwaitingGovt', 0.03],
  ['Contact Customer', 0.03],
  ['Customer Called', 0.03],
  ['Refunds', 0.03],
  ['ChargeBack', 0.02],
  ['Deleted', 0.02],
];

interface CapturedQuery {
  sql: string;
  bindings: unknown[];
}

// The plan question is about MySQL's optimizer; SQLite has no EXPLAIN of this shape.
const mysqlOnly = dialects().filter((d) => d === 'mysql');

describe.skipIf(mysqlOnly.length === 0)('queue queries use indexes on mysql', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp('mysql');
    token = await t.login('admin@demo.test');
    const adminId = Number((await t.db('team_members').where({ email: 'admin@demo.test' }).first('id')).id);
    // Enough rows that the optimizer picks plans as it would in production, not a scan of a tiny table.
    const rng = createRng(7);
    const start = dayjs.utc().subtract(400, 'day').valueOf();
    const orders = Array.from({ length: BULK_ORDERS }, (_, i) => {
      const order = makeOrder(rng, 1_000_000 + i, start + i * 1_700_000);
      let roll = rng.next();
      const status = STATUSES.find(([, share]) => (roll -= share) < 0)?.[0] ?? 'Completed';
      order.process_status = status;
      order.processing_mode = rng.pick(['Standard', 'Standard', 'Priority', 'Future']);
      order.processing_date = dayjs.utc().add(rng.int(-30, 200), 'day').format(DB_DATE);
      if (rng.chance(0.05)) Object.assign(order, { assignee_id: adminId, assign_to: 'Demo Admin' });
      return order;
    });
    await t.db.batchInsert('orders', orders, 1000);
    await recountOrderCounters(t.db);
    await t.db.raw('ANALYZE TABLE orders');
  });
  afterAll(() => t?.close());

  /** The SQL statements the API runs for these requests, as sent to the database. */
  async function queriesOf(urls: string[]): Promise<CapturedQuery[]> {
    const captured: CapturedQuery[] = [];
    const listener = (q: CapturedQuery) => captured.push({ sql: q.sql, bindings: q.bindings ?? [] });
    t.db.on('query', listener);
    try {
      for (const url of urls) {
        const res = await t.call(token, { method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
      }
    } finally {
      t.db.off('query', listener);
    }
    return captured;
  }
  const readsOrders = (q: CapturedQuery) => /`orders`/.test(q.sql);

  it('answers the folder counts without reading the orders table', async () => {
    const queries = await queriesOf(['/api/admin/get-folder-count', '/api/admin/get-future-order-months']);
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.filter(readsOrders).map((q) => q.sql)).toEqual([]);
  });

  it("sums New Orders' total over a range of the counter rows that are due, not the Future ones too", async () => {
    const captured = await queriesOf(['/api/admin/get-orders-list/newOrder?page=1&limit=20']);
    const [query] = captured.filter((q) => /`order_counters`/.test(q.sql));
    const [plan] = await t.db.raw(`EXPLAIN ${query!.sql}`, query!.bindings as never);
    const counters = (plan as Array<{ table: string; type: string; key: string | null }>).filter(
      (row) => row.table === 'order_counters',
    );
    expect(counters, JSON.stringify(plan)).toEqual([expect.objectContaining({ type: 'range' })]);
  });

  it('walks Priority Orders newest first by (status, mode, id), sorting none of them', async () => {
    const [query] = (await queriesOf(['/api/admin/get-orders-list/priorityOrder?page=1&limit=20'])).filter(readsOrders);
    const [plan] = await t.db.raw(`EXPLAIN ${query!.sql}`, query!.bindings as never);
    const walk = (plan as Array<{ table: string; key: string | null; Extra: string | null }>).filter(
      (row) => row.table === 'orders',
    );
    expect(walk, JSON.stringify(plan)).toEqual([expect.objectContaining({ key: 'orders_status_mode_id' })]);
    expect(walk[0]!.Extra ?? '').not.toMatch(/filesort/);
  });

  /**
   * Every statement on `orders` uses an index: never a table scan, and a lookup (ref or range) rather
   * than a walk of a whole index, except a newest-first walk of the primary key for a queue holding a
   * large share of the orders, where the page's LIMIT stops the walk after a few rows.
   */
  it.each(QUEUES.map((q) => [q.orderName, q] as const))(
    'reads %s pages, shallow and deep, through an index',
    async (_, queue) => {
      const counts = (await t.call(token, { method: 'GET', url: '/api/admin/get-folder-count' })).json().data;
      // A page past the end reads nothing (the page ranks say so), so the deep page is one at 80% depth.
      const deepPage = Math.max(1, Math.ceil((counts[queue.countField] * 0.8) / 10));
      const urls = [
        `/api/admin/get-orders-list/${queue.orderName}?page=1&limit=10`,
        `/api/admin/get-orders-list/${queue.orderName}?page=${deepPage}&limit=10`,
      ];
      if (queue.columns === 'future') {
        urls.push(
          `/api/admin/get-orders-list/${queue.orderName}?month=${dayjs.utc(todayUtc()).add(1, 'month').format('YYYY-MM')}`,
        );
      }
      const allOrders = Number((await t.db('orders').count({ n: '*' }).first())!.n);
      const mayWalkPrimaryKey = counts[queue.countField] >= allOrders / 4;
      const queries = (await queriesOf(urls)).filter(readsOrders);
      expect(queries.length).toBeGreaterThanOrEqual(urls.length);
      for (const query of queries) {
        const [plan] = await t.db.raw(`EXPLAIN ${query.sql}`, query.bindings as never);
        const onOrders = (plan as Array<{ table: string; type: string; key: string | null }>).filter((row) =>
          ['orders', 'o'].includes(row.table),
        );
        const context = `${query.sql}\n${JSON.stringify(onOrders)}`;
        expect(onOrders.length, context).toBeGreaterThan(0);
        for (const row of onOrders) {
          expect(row.type, context).not.toBe('ALL');
          expect(row.key, context).not.toBeNull();
          if (row.type === 'index') expect(mayWalkPrimaryKey && row.key === 'PRIMARY', context).toBe(true);
        }
      }
    },
  );
});
