import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_FORMATS, formatUtc, nowUtc } from '@app/domain';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

/**
 * "Refunded it" on the Refunds queue. An order filed under Refunds by "Completed Refunds"
 * (no refund date) takes the refund once: mail queued, refund date set; a second try answers 409
 * naming when. The demo data holds both kinds, and no refund is dated in the future.
 */
describe.each(dialects())('refund once on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  const put = (role: string, url: string, payload: object) =>
    t.call(tokens[role]!, { method: 'PUT', url: `/api/admin/${url}`, payload });
  const order = (id: number) => t.db('orders').where({ order_id: id }).first();
  const refundMails = (id: number) => t.db('mail_outbox').where({ order_id: id, kind: 'refund' });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ tokens } = await signInDemoAccounts(t));
  });
  afterAll(() => t?.close());

  it('seeds Refunds orders of both kinds, none refunded in the future', async () => {
    const refunds = await t.db('orders').where({ process_status: 'Refunds' }).select('order_id', 'refund_date');
    const waiting = refunds.filter((o) => !o.refund_date);
    const refunded = refunds.filter((o) => o.refund_date);
    expect(waiting.length).toBeGreaterThan(0);
    expect(refunded.length).toBeGreaterThan(0);
    const now = nowUtc();
    for (const o of refunded)
      expect(String(o.refund_date) <= now, `${o.order_id} refunded ${o.refund_date}`).toBe(true);
    const mailed = await t.db('mail_outbox').where({ kind: 'refund' }).pluck('order_id');
    expect(refunded.some((o) => mailed.map(Number).includes(Number(o.order_id)))).toBe(true);
    expect(waiting.some((o) => mailed.map(Number).includes(Number(o.order_id)))).toBe(false);
  });

  it('refunds an order waiting in Refunds once; the second try answers 409 naming when', async () => {
    const row = await t
      .db('orders')
      .where({ process_status: 'Refunds' })
      .whereNull('refund_date')
      .whereNull('assignee_id')
      .orderBy('order_id')
      .first('order_id');
    const id = Number(row.order_id);
    expect(await refundMails(id)).toHaveLength(0);

    const first = await put('manager', 'move-to-complete-refund', { orderId: [id] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 1, message: 'Order refunded; the customer will be mailed.' });
    const refunded = await order(id);
    expect(refunded.process_status).toBe('Refunds');
    expect(refunded.refund_date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const mails = await refundMails(id);
    expect(mails.map((m) => [m.state, m.to_email])).toEqual([['queued', refunded.email]]);

    const again = await put('manager', 'move-to-complete-refund', { orderId: [id] });
    expect(again.statusCode).toBe(409);
    const when = formatUtc(refunded.refund_date, DATE_FORMATS.queueTable);
    expect(again.json()).toEqual({ status: 0, message: `Order ${id} was already refunded on ${when} UTC.` });
    expect(await refundMails(id)).toHaveLength(1);
    expect((await order(id)).refund_date).toBe(refunded.refund_date);
  });

  it('refuses an order whose refund the demo data recorded', async () => {
    const row = await t.db('orders').where({ process_status: 'Refunds' }).whereNotNull('refund_date').first();
    const res = await put('admin', 'move-to-complete-refund', { orderId: Number(row.order_id) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Order ${row.order_id} was already refunded on ${formatUtc(row.refund_date, DATE_FORMATS.queueTable)} UTC.`,
    );
  });

  it('files an order under Refunds with "Completed Refunds" without a refund date, and it takes the refund once', async () => {
    const row = await t
      .db('orders')
      .where({ process_status: 'Completed' })
      .whereNull('assignee_id')
      .orderBy('order_id', 'desc')
      .first('order_id');
    const id = Number(row.order_id);
    expect((await put('team', 'change-order-status', { orderId: id, updatingStatus: 'Refunds' })).statusCode).toBe(200);
    expect(await order(id)).toMatchObject({ process_status: 'Refunds', refund_date: null });
    expect((await put('team', 'move-to-complete-refund', { orderId: id })).statusCode).toBe(200);
    expect((await put('team', 'move-to-complete-refund', { orderId: id })).statusCode).toBe(409);
    expect(await refundMails(id)).toHaveLength(1);
  });
});
