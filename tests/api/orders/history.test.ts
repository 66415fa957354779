import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

/**
 * An order's history as changes (GET /api/orders/:id/history) with revert of a custom value, and the
 * send-time guard: resend and send-invoice refuse an order changed since the version the member saw.
 */
describe.each(dialects())('order history, revert and the send-time guard on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let orderId: number;
  const call = (role: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.call(tokens[role]!, { method, url, ...(payload ? { payload } : {}) });
  const versionOf = async (id: number) => Number((await t.db('orders').where({ order_id: id }).first()).version);
  const history = async (role: string) => {
    const res = await call(role, 'GET', `/api/orders/${orderId}/history`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Array<{ id: number; action: string; by: string; at: string; changes: object[] }>;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ tokens } = await signInDemoAccounts(t));
    const field = await call('admin', 'POST', '/api/order-fields', {
      id: 'visa_type',
      label: 'Visa type',
      type: 'text',
      readRoles: ['Admin', 'Manager', 'Team'],
      editRoles: ['Admin', 'Team'],
      column: true,
      columnDefault: true,
    });
    expect(field.statusCode, field.body).toBe(200);
    // A document already sent, free to assign: the page's sends have something to send.
    const doc = await t
      .db('uploaded_documents as d')
      .join('orders as o', 'o.order_id', 'd.order_id')
      .whereNull('o.assignee_id')
      .whereNot('o.process_status', 'Deleted')
      .first('o.order_id');
    orderId = Number(doc.order_id);
  });
  afterAll(() => t?.close());

  it('lists each change from → to, custom values included, hidden ones without values', async () => {
    expect((await call('team', 'PUT', `/api/admin/assign-order-status`, { orderId })).statusCode).toBe(200);
    for (const value of ['Tourist', 'Business']) {
      const res = await call('team', 'PUT', `/api/orders/${orderId}`, {
        visa_type: value,
        version: await versionOf(orderId),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [latest, first, assign] = await history('team');
    expect(latest).toMatchObject({
      action: 'field',
      by: 'Demo Team',
      changes: [{ field: 'visa_type', from: 'Tourist', to: 'Business', revertible: true }],
    });
    expect(latest!.at).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(first).toMatchObject({ changes: [{ field: 'visa_type', from: null, to: 'Tourist' }] });
    expect(assign).toMatchObject({ action: 'assign', changes: [{ field: 'assign_to', from: null, to: 'Demo Team' }] });
    // A Manager reads the field but may not edit it; a Telecaller may not read it: the change without values.
    expect((await history('manager'))[0]!.changes).toEqual([{ field: 'visa_type', from: 'Tourist', to: 'Business' }]);
    expect((await history('telecaller'))[0]!.changes).toEqual([{ field: 'visa_type', hidden: true }]);
    expect((await call('team', 'GET', '/api/orders/999999999/history')).statusCode).toBe(404);
  });

  it('reverts a value through the change path, with the version guard, for a member who may edit it', async () => {
    const [latest, , assign] = await history('team');
    const revert = (role: string, eventId: number, version?: number) =>
      call(role, 'POST', `/api/orders/${orderId}/revert`, { eventId, ...(version === undefined ? {} : { version }) });
    const stale = await revert('team', latest!.id, (await versionOf(orderId)) - 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed after you opened it: Demo Team/);
    expect((await revert('manager', latest!.id)).statusCode).toBe(403);
    expect((await revert('team', assign!.id)).json().message).toBe("Only a change of a field's value can be reverted.");
    const before = await versionOf(orderId);
    const done = await revert('team', latest!.id, before);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.version).toBe(before + 1);
    const value = await t.db('order_values').where({ order_id: orderId, field_id: 'visa_type' }).first();
    expect(value.value_text).toBe('Tourist');
    expect((await history('team'))[0]).toMatchObject({
      changes: [{ field: 'visa_type', from: 'Business', to: 'Tourist' }],
    });
    expect((await revert('team', latest!.id, 'x' as never)).statusCode).toBe(400);
  });

  it('refuses a resend or an invoice decided on an older version, naming who changed what; no version still sends', async () => {
    const seen = await versionOf(orderId);
    const mail = { orderId, email: 'customer@mail.example', mailServiceProvider: 'AWS' };
    expect((await call('admin', 'POST', '/api/admin/resend-mail', { ...mail, version: seen })).statusCode).toBe(200);
    // A colleague changes the order meanwhile.
    await call('team', 'PUT', `/api/orders/${orderId}`, { visa_type: 'Transit' });
    for (const [url, payload] of [
      ['/api/admin/resend-mail', { ...mail, version: seen }],
      ['/api/admin/send-invoice', { orderId: String(orderId), version: seen }],
    ] as const) {
      const res = await call('admin', 'POST', url, payload);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message).toMatch(new RegExp(`^Order ${orderId} was changed after you opened it: Demo Team`));
    }
    const sent = await t.db('mail_outbox').where({ order_id: orderId }).count({ n: '*' }).first();
    for (const [url, payload] of [
      ['/api/admin/resend-mail', mail],
      ['/api/admin/send-invoice', { orderId: String(orderId) }],
      ['/api/admin/send-invoice', { orderId: String(orderId), version: await versionOf(orderId) }],
    ] as const)
      expect((await call('admin', 'POST', url, payload)).statusCode, url).toBe(200);
    const after = await t.db('mail_outbox').where({ order_id: orderId }).count({ n: '*' }).first();
    expect(Number(after!.n)).toBe(Number(sent!.n) + 3);
  });
});
