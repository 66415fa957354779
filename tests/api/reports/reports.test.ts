import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayjs, todayUtc } from '@app/domain';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

describe.each(dialects())('reports API on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const everything = { fromDate: '2000-01-01', toDate: todayUtc() };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of ['admin', 'manager', 'team', 'telecaller', 'night']) {
      tokens[role] = await t.login(`${role}@demo.test`);
    }
  });
  afterAll(() => t?.close());

  const report = (role: string, path: string, payload: object) =>
    t.call(tokens[role]!, { method: 'POST', url: `/api/admin/${path}`, payload });

  it('counts orders per nationality and processing mode, leaving deleted orders out', async () => {
    const res = await report('night', 'get-country-order-count', everything);
    expect(res.json()).toMatchObject({ status: 1, message: 'Country order count.' });
    const rows: Array<Record<string, string | number>> = res.json().data;
    const orders = await t.db('orders').whereNot('process_status', 'Deleted').select('nationality', 'processing_mode');
    const expected = new Map<string, number[]>();
    for (const o of orders) {
      const counts = expected.get(o.nationality) ?? [0, 0, 0, 0];
      counts[0]!++;
      counts[['Standard', 'Priority', 'Future'].indexOf(o.processing_mode) + 1]!++;
      expected.set(o.nationality, counts);
    }
    expect(rows).toHaveLength(expected.size);
    for (const row of rows) {
      expect([row.count, row.standard_count, row.priority_count, row.future_count]).toEqual(
        expected.get(String(row.nationality)),
      );
    }
    const counts = rows.map((r) => Number(r.count));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('includes both ends of the range', async () => {
    const order = await t.db('orders').orderBy('order_id').first('created_at', 'nationality');
    const day = String(order.created_at).slice(0, 10);
    const sameDay = await t.db('orders').whereNot('process_status', 'Deleted').where('created_at', 'like', `${day}%`);
    const rows = (await report('team', 'get-country-order-count', { fromDate: day, toDate: day })).json().data;
    expect(rows.reduce((sum: number, r: { count: number }) => sum + r.count, 0)).toBe(sameDay.length);
    const dayBefore = dayjs.utc(day).subtract(1, 'day').format('YYYY-MM-DD');
    const before = await t
      .db('orders')
      .whereNot('process_status', 'Deleted')
      .where('created_at', 'like', `${dayBefore}%`);
    const both = (await report('team', 'get-country-order-count', { fromDate: dayBefore, toDate: day })).json().data;
    expect(both.reduce((sum: number, r: { count: number }) => sum + r.count, 0)).toBe(sameDay.length + before.length);
  });

  it('counts processed orders per member for Admin and Manager only', async () => {
    const res = await report('manager', 'get-processed-by-count', everything);
    expect(res.json()).toMatchObject({ status: 1, message: 'Processed by count.' });
    const processed = await t.db('orders').whereNotNull('processed_by').select('processed_by');
    const expected: Record<string, number> = {};
    for (const o of processed) expected[o.processed_by] = (expected[o.processed_by] ?? 0) + 1;
    const rows: Array<{ processed_by: string; count: number }> = res.json().data;
    expect(Object.fromEntries(rows.map((r) => [r.processed_by, r.count]))).toEqual(expected);
    expect(rows.length).toBeGreaterThan(3);
    expect((await report('admin', 'get-processed-by-count', everything)).statusCode).toBe(200);
    for (const role of ['team', 'telecaller', 'night']) {
      const refused = await report(role, 'get-processed-by-count', everything);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().status).toBe(0);
    }
  });

  it.each([
    [{ toDate: '2025-01-01' }, 'Please select the From date.'],
    [{ fromDate: '2025-01-01' }, 'Please select the To date.'],
    [{ fromDate: '01/02/2025', toDate: '2025-01-01' }, 'fromDate must be a date (YYYY-MM-DD).'],
    [{ fromDate: '2025-01-01', toDate: "2025-01-01' OR '1'='1" }, 'toDate must be a date (YYYY-MM-DD).'],
    [{ fromDate: '2025-02-30', toDate: '2025-03-01' }, 'fromDate is not a real date.'],
    [{ fromDate: '2025-03-02', toDate: '2025-03-01' }, 'The From date must not be after the To date.'],
    [{ fromDate: 20250101, toDate: '2025-03-01' }, 'fromDate must be a date (YYYY-MM-DD).'],
  ])('refuses a bad range %#', async (payload, message) => {
    for (const path of ['get-country-order-count', 'get-processed-by-count']) {
      const res = await report('admin', path, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 0, message });
    }
  });
});
