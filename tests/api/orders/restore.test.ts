import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

/**
 * A deleted order goes back to where it was (the status before its delete, from the audit
 * trail), New included, which no move target offers. Admin and Manager only.
 */
describe.each(dialects())('restore to where it was on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  const put = (role: string, url: string, payload: object) =>
    t.call(tokens[role]!, { method: 'PUT', url: `/api/admin/${url}`, payload });
  const order = (id: number) => t.db('orders').where({ order_id: id }).first();
  const folderCount = async (field: string) =>
    (await t.call(tokens.admin!, { method: 'GET', url: '/api/admin/get-folder-count' })).json().data[field] as number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ tokens } = await signInDemoAccounts(t));
  });
  afterAll(() => t?.close());

  it('restores a deleted New order to New (back in its queue), with a restore event', async () => {
    const { order_id: id } = await t
      .db('orders')
      .where({ process_status: 'New', processing_mode: 'Priority' })
      .whereNull('assignee_id')
      .first('order_id');
    const priority = await folderCount('priorityOrdersCount');
    expect((await put('manager', 'change-order-status', { orderId: id, updatingStatus: 'Deleted' })).statusCode).toBe(
      200,
    );
    expect(await folderCount('priorityOrdersCount')).toBe(priority - 1);

    expect((await put('team', 'restore-order', { orderId: id })).statusCode).toBe(403);
    const res = await put('manager', 'restore-order', { orderId: id });
    expect(res.json()).toEqual({ status: 1, message: 'Order restored to where it was.' });
    expect((await order(id)).process_status).toBe('New');
    expect(await folderCount('priorityOrdersCount')).toBe(priority);
    const last = await t.db('audit_events').where({ order_id: id }).orderBy('id', 'desc').first();
    expect([last.action, last.from_value, last.to_value]).toEqual(['restore', 'Deleted', 'New']);

    const again = await put('manager', 'restore-order', { orderId: id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Order ${id} is not deleted.`);
  });

  it('restores the demo data deleted orders (deleted while New) in bulk', async () => {
    const ids = (
      await t.db('orders').where({ process_status: 'Deleted' }).orderBy('order_id').limit(3).pluck('order_id')
    ).map(Number);
    const res = await put('admin', 'restore-order', { orderId: ids });
    expect(res.json()).toEqual({ status: 1, message: '3 orders restored to where they were.' });
    for (const id of ids) expect((await order(id)).process_status).toBe('New');
  });

  it('refuses an order deleted without a trail, whole batch, naming it', async () => {
    const [withTrail, without] = (
      await t.db('orders').where({ process_status: 'Deleted' }).orderBy('order_id').limit(2).pluck('order_id')
    ).map(Number);
    await t.db('audit_events').where({ order_id: without, action: 'delete' }).del();
    const res = await put('admin', 'restore-order', { orderId: [withTrail, without] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(new RegExp(`^Order ${without} has no recorded status`));
    expect((await order(withTrail!)).process_status).toBe('Deleted');
  });
});
