import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import * as finishedAt from '../../../migrations/010_order_finished_at.js';
import * as workMinutes from '../../../migrations/014_order_work_minutes.js';

/**
 * The age of an order stops when its work is done (Completed, Refunds, ChargeBack): from
 * payment to that time. Sorting by Age ascending puts the youngest first, as the column shows it.
 */
describe.each(dialects())('order age on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  const minutesBetween = (from: string, to: string) =>
    Math.floor((Date.parse(`${to.replace(' ', 'T')}Z`) - Date.parse(`${from.replace(' ', 'T')}Z`)) / 60_000);
  const list = async (queue: string, sort: string) => {
    const query = new URLSearchParams({
      filter: JSON.stringify({ queue }),
      sort: JSON.stringify(['age_minutes', sort]),
      range: '[0,99]',
    });
    const res = await t.call(tokens.admin!, { method: 'GET', url: `/api/orders?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Array<{ id: number; age_minutes: number | null }>;
  };
  const order = (id: number) => t.db('orders').where({ order_id: id }).first();
  const move = (id: number, updatingStatus: string) =>
    t.call(tokens.admin!, {
      method: 'PUT',
      url: '/api/admin/change-order-status',
      payload: { orderId: id, updatingStatus },
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ tokens } = await signInDemoAccounts(t));
  });
  afterAll(() => t?.close());

  it('stops the age of finished orders at the time their work was done', async () => {
    for (const queue of ['completedOrder', 'refundOrder', 'chargeBack']) {
      const rows = await list(queue, 'DESC');
      expect(rows.length, queue).toBeGreaterThan(0);
      for (const row of rows) {
        const stored = await order(row.id);
        expect(stored.finished_at, `${queue} ${row.id}`).toBeTruthy();
        expect(row.age_minutes, `${queue} ${row.id}`).toBe(minutesBetween(stored.paid_at, stored.finished_at));
        // Kept, so that Age sorts these queues through an index.
        expect(stored.work_minutes, `${queue} ${row.id}`).toBe(row.age_minutes);
      }
    }
  });

  it('starts the stop when the order is finished, keeps it between finished statuses, drops it back at work', async () => {
    const { order_id: id } = await t
      .db('orders')
      .where({ process_status: 'Awaiting' })
      .whereNull('assignee_id')
      .first('order_id');
    expect((await order(id)).finished_at).toBeNull();
    expect((await move(id, 'Completed')).statusCode).toBe(200);
    const { finished_at: done, paid_at: paid, work_minutes: kept } = await order(id);
    expect(done).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(kept).toBe(minutesBetween(paid, done));
    expect((await move(id, 'ChargeBack')).statusCode).toBe(200);
    expect((await order(id)).finished_at).toBe(done);
    expect((await move(id, 'Deleted')).statusCode).toBe(200);
    expect((await order(id)).finished_at).toBe(done);
    expect((await move(id, 'Contact Customer')).statusCode).toBe(200);
    expect(await order(id)).toMatchObject({ finished_at: null, work_minutes: null });
  });

  it.each(['allOrder', 'priorityOrder', 'completedOrder'])('sorts %s by age as shown', async (queue) => {
    const ages = (rows: Array<{ age_minutes: number | null }>) => rows.map((r) => r.age_minutes ?? -1);
    const ascending = ages(await list(queue, 'ASC'));
    expect(ascending.length).toBeGreaterThan(1);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = ages(await list(queue, 'DESC'));
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
  });

  it('sorts get-orders-list by age_minutes the same way', async () => {
    const res = await t.call(tokens.admin!, {
      method: 'GET',
      url: '/api/admin/get-orders-list/allOrder?limit=100&sort=age_minutes&order=ASC',
    });
    expect(res.statusCode, res.body).toBe(200);
    const ages = (res.json().data as Array<{ age_minutes: number | null }>).map((r) => r.age_minutes ?? -1);
    expect(ages).toEqual([...ages].sort((a, b) => a - b));
  });

  it('fills finished_at for existing finished orders from the audit trail, else from when they were processed', async () => {
    const [viaTrail, viaProcessed] = await t
      .db('orders')
      .where({ process_status: 'Completed' })
      .whereNotNull('processed_at')
      .orderBy('order_id')
      .limit(2)
      .select('order_id', 'processed_at');
    await finishedAt.down(t.db);
    await t.db('audit_events').insert({
      action: 'move',
      order_id: viaTrail.order_id,
      from_value: 'Awaiting',
      to_value: 'Completed',
      created_at: '2026-01-02 03:04:05',
    });
    await workMinutes.down(t.db);
    await finishedAt.up(t.db);
    await workMinutes.up(t.db);
    const filled = await order(viaTrail.order_id);
    expect(filled.finished_at).toBe('2026-01-02 03:04:05');
    expect(filled.work_minutes).toBe(Math.max(0, minutesBetween(filled.paid_at, filled.finished_at)));
    expect((await order(viaProcessed.order_id)).finished_at).toBe(viaProcessed.processed_at);
    const open = await t.db('orders').where({ process_status: 'New' }).whereNotNull('finished_at').first();
    expect(open).toBeUndefined();
  });
});
