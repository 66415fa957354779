import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayjs, DB_DATETIME } from '@app/domain';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

interface Row {
  order_id: number;
  paid_at: string | null;
  age_minutes: number | null;
  version: number;
}

describe.each(dialects())('age of queue rows on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  const hoursAgo = (h: number) => dayjs.utc().subtract(h, 'hour').format(DB_DATETIME);
  /** New orders nobody holds, due, of one mode: the rows of New Orders (Standard) or Priority Order. */
  const newOrders = (mode: string) =>
    t
      .db('orders')
      .where({ process_status: 'New', processing_mode: mode })
      .whereNull('assignee_id')
      .where((q) => q.whereNull('processing_date').orWhere('processing_date', '<=', dayjs.utc().format('YYYY-MM-DD')))
      .orderBy('order_id', 'desc')
      .limit(2)
      .pluck('order_id');

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // A Manager reads paid_at and the age to the minute; other roles get whole hours (hidden-fields.test.ts).
    token = await t.login('manager@demo.test');
  });
  afterAll(() => t?.close());

  const list = async (orderName: string, query = '') =>
    (await t.call(token, { method: 'GET', url: `/api/admin/get-orders-list/${orderName}?limit=100${query}` })).json()
      .data as Row[];

  it('gives each row its minutes since payment', async () => {
    const [standardLate, standardOk] = await newOrders('Standard');
    const [priorityLate, priorityOk] = await newOrders('Priority');
    const paid: Array<[number, number]> = [
      [standardLate, 30],
      [standardOk, 20],
      [priorityLate, 4],
      [priorityOk, 2.5],
    ];
    for (const [id, hours] of paid)
      await t
        .db('orders')
        .where({ order_id: id })
        .update({ paid_at: hoursAgo(hours) });
    const rows = [...(await list('newOrder')), ...(await list('priorityOrder'))];
    const row = (id: number) => rows.find((r) => r.order_id === id)!;
    for (const [id, hours] of paid) expect(Math.abs(row(id).age_minutes! - hours * 60)).toBeLessThanOrEqual(1);
    expect(rows.every((r) => typeof r.version === 'number')).toBe(true);
  });

  it('sorts a queue by age (time of payment), both ways', async () => {
    for (const order of ['asc', 'desc']) {
      const rows = await list('allOrder', `&sort=paid_at&order=${order}`);
      const times = rows.map((r) => r.paid_at ?? '');
      const sorted = [...times].sort();
      expect(times).toEqual(order === 'asc' ? sorted : sorted.reverse());
    }
  });
});
