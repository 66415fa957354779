import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_FORMATS, formatUtc } from '@app/domain';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

/**
 * Refund once, an order held by someone else moves only for Admin and
 * Manager (else 409 naming the holder), and only Admin and Manager restore Deleted orders.
 */
describe.each(dialects())('order rules on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  const put = (token: string, url: string, payload: object) =>
    t.call(token, { method: 'PUT', url: `/api/admin/${url}`, payload });
  const refund = (token: string, orderId: number) => put(token, 'move-to-complete-refund', { orderId });
  const move = (token: string, orderId: number, updatingStatus: string) =>
    put(token, 'change-order-status', { orderId, updatingStatus });
  const refundMails = (orderId: number) =>
    t.db('mail_outbox').where({ order_id: orderId, kind: 'refund' }).count({ n: '*' });
  const count = async (orderId: number) => Number((await refundMails(orderId))[0]!.n);
  /** A free order in the given status, not used by an earlier test. */
  const used = new Set<number>();
  const freeOrder = async (status: string): Promise<number> => {
    const row = await t
      .db('orders')
      .where({ process_status: status })
      .whereNull('assignee_id')
      .whereNotIn('order_id', [...used, 0])
      .orderBy('order_id')
      .first('order_id');
    expect(row, `a free ${status} order in the demo data`).toBeDefined();
    used.add(Number(row.order_id));
    return Number(row.order_id);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ tokens } = await signInDemoAccounts(t));
  });
  afterAll(() => t?.close());

  it('refunds an order once: a second call answers 409, mails nothing and keeps the refund date', async () => {
    const id = await freeOrder('Completed');
    const first = await refund(tokens.team!, id);
    expect(first.statusCode).toBe(200);
    const { refund_date: refundDate } = await t.db('orders').where({ order_id: id }).first('refund_date');
    expect(refundDate).toBeTruthy();
    expect(await count(id)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (let i = 0; i < 3; i++) {
      const again = await refund(tokens.team!, id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        status: 0,
        message: `Order ${id} was already refunded on ${formatUtc(refundDate, DATE_FORMATS.queueTable)} UTC.`,
      });
    }
    expect(await count(id)).toBe(1);
    expect((await t.db('orders').where({ order_id: id }).first('refund_date')).refund_date).toBe(refundDate);
  });

  it('refuses to refund a Deleted order', async () => {
    const id = await freeOrder('Deleted');
    const res = await refund(tokens.admin!, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Order ${id} is deleted.`);
    expect(await count(id)).toBe(0);
  });

  it('refuses a batch refund with one refunded order whole', async () => {
    const [done, fresh] = [await freeOrder('Completed'), await freeOrder('Completed')];
    expect((await refund(tokens.admin!, done)).statusCode).toBe(200);
    const batch = await put(tokens.admin!, 'move-to-complete-refund', { orderId: [fresh, done] });
    expect(batch.statusCode).toBe(409);
    expect(await count(fresh)).toBe(0);
    expect((await t.db('orders').where({ order_id: fresh }).first('process_status')).process_status).toBe('Completed');
  });

  it('lets only Admin and Manager move or refund an order another member holds; others get 409 naming the holder', async () => {
    const id = await freeOrder('New');
    expect((await put(tokens.team!, 'assign-order-status', { orderId: id })).statusCode).toBe(200);
    for (const role of ['telecaller', 'night']) {
      const moved = await move(tokens[role]!, id, 'Completed');
      expect(moved.statusCode, role).toBe(409);
      expect(moved.json()).toEqual({ status: 0, message: `Order ${id} is assigned to Demo Team.` });
      const refunded = await refund(tokens[role]!, id);
      expect(refunded.statusCode, role).toBe(409);
    }
    expect(await count(id)).toBe(0);
    const row = await t.db('orders').where({ order_id: id }).first('process_status');
    expect(row.process_status).toBe('New');
    // The holder moves it; so do Admin and Manager.
    expect((await move(tokens.team!, id, 'Awaiting')).statusCode).toBe(200);
    expect((await move(tokens.manager!, id, 'Completed')).statusCode).toBe(200);
    expect((await refund(tokens.admin!, id)).statusCode).toBe(200);
  });

  it('lets only Admin and Manager restore a Deleted order', async () => {
    const id = await freeOrder('Deleted');
    for (const role of ['team', 'telecaller', 'night']) {
      const res = await move(tokens[role]!, id, 'Completed');
      expect(res.statusCode, role).toBe(403);
      expect(res.json()).toEqual({ status: 0, message: 'Only an Admin or a Manager can restore deleted orders.' });
    }
    const batch = await put(tokens.night!, 'move-order-status', {
      orderIds: [await freeOrder('New'), id],
      updatingStatus: 'Awaiting',
    });
    expect(batch.statusCode).toBe(403);
    expect((await t.db('orders').where({ order_id: id }).first('process_status')).process_status).toBe('Deleted');
    expect((await move(tokens.manager!, id, 'Completed')).statusCode).toBe(200);
  });
});
