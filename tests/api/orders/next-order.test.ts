import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesQueue, queueByOrderName, todayUtc } from '@app/domain';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { readCounters, recountOrderCounters } from '../../../api/src/modules/orders/counters.js';

/**
 * Next order (POST /api/admin/next-order): the oldest unassigned order of the queue, Priority first in New
 * Orders, assigned through the change path (audit, counters); members pressing Next at once get different orders.
 */
describe.each(dialects())('next order on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let ids: Record<string, number>;
  const next = (role: string, queue: string) =>
    t.call(tokens[role]!, { method: 'POST', url: '/api/admin/next-order', payload: { queue } });
  /** The free orders of a queue, oldest first, straight from the table. */
  const freeIn = async (orderName: string) => {
    const queue = queueByOrderName(orderName)!;
    const rows = await t.db('orders').whereNull('assignee_id').orderBy('order_id');
    return rows
      .filter((o) =>
        matchesQueue(
          queue.filter,
          { status: o.process_status, mode: o.processing_mode, assigneeId: null, processingDate: o.processing_date },
          0,
          todayUtc(),
        ),
      )
      .map((o) => Number(o.order_id));
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ tokens, ids } = await signInDemoAccounts(t));
  });
  afterAll(() => t?.close());

  it('takes Priority orders first in New Orders, oldest first, through the change path', async () => {
    const [priority] = await freeIn('priorityOrder');
    expect(priority).toBeDefined();
    const res = await next('team', 'newOrder');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 1, data: { orderId: priority } });
    const order = await t.db('orders').where({ order_id: priority }).first();
    expect(Number(order.assignee_id)).toBe(ids.team);
    expect(Number(order.version)).toBeGreaterThan(0);
    const audit = await t.db('audit_events').where({ order_id: priority }).orderBy('id', 'desc').first();
    expect(audit).toMatchObject({ action: 'assign', member_id: ids.team, to_value: order.assign_to });
    // The counters moved with the order: they equal a recount.
    const kept = await readCounters(t.db);
    await recountOrderCounters(t.db);
    expect(await readCounters(t.db)).toEqual(kept);
  });

  it('members pressing Next at once get different orders, each of the oldest free ones', async () => {
    const members = ['team', 'telecaller', 'night', 'manager'];
    const expected = [...(await freeIn('priorityOrder')), ...(await freeIn('newOrder'))].slice(0, members.length);
    expect(expected).toHaveLength(members.length);
    const answers = await Promise.all(members.map((role) => next(role, 'newOrder')));
    const got: number[] = answers.map((res) => res.json().data.orderId);
    expect(new Set(got).size).toBe(members.length);
    expect([...got].sort((x, y) => x - y)).toEqual([...expected].sort((x, y) => x - y));
    const holders = await t.db('orders').whereIn('order_id', got).select('order_id', 'assignee_id');
    for (const [i, role] of members.entries())
      expect(Number(holders.find((h) => Number(h.order_id) === got[i])!.assignee_id), role).toBe(ids[role]);
  });

  it('answers status 0 when the queue has nothing left, and refuses a queue the role may not open', async () => {
    const left = await freeIn('customerCalled');
    await t.db('orders').whereIn('order_id', left).update({ assignee_id: ids.admin, assign_to: 'Admin' });
    await recountOrderCounters(t.db);
    const res = await next('team', 'customerCalled');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 0, message: 'Nothing left in this queue' });
    expect((await next('telecaller', 'allOrder')).statusCode).toBe(403);
    const unknown = await next('team', 'nowhere');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Unknown queue/);
    expect(
      (await t.call(tokens.team!, { method: 'POST', url: '/api/admin/next-order', payload: {} })).json().message,
    ).toMatch(/queue/);
  });
});
