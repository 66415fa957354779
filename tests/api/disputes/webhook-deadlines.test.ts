import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAgain, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { ManualClock } from '../../../api/src/core/clock.js';

const SECRET = 'whsec_test_0123456789abcdef';

describe.each(dialects())('Stripe dispute webhook and deadlines on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const clock = new ManualClock('2026-11-28T09:00:00Z');
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock, config: { stripeWebhookSecret: SECRET } });
    const demo = await signInDemoAccounts(t);
    Object.assign(tokens, demo.tokens);
    Object.assign(ids, demo.ids);
  });
  afterAll(() => t?.close());

  /** A Stripe event as Stripe sends it: the raw JSON and its `Stripe-Signature`, made with `secret` at `at`. */
  const send = (event: object, { secret = SECRET, at = nowSeconds() } = {}) => {
    const body = JSON.stringify(event);
    const v1 = crypto.createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${at},v1=${v1}` },
      payload: body,
    });
  };
  let eventSeq = 0;
  const disputeEvent = (type: string, dispute: Record<string, unknown>) => ({
    id: `evt_${++eventSeq}_${dialect}`,
    object: 'event',
    type,
    created: nowSeconds(),
    data: {
      object: {
        object: 'dispute',
        amount: 4900,
        currency: 'usd',
        reason: 'fraudulent',
        status: 'needs_response',
        created: nowSeconds(),
        evidence_details: {
          due_by: nowSeconds() + 20 * 86_400,
          has_evidence: false,
          past_due: false,
          submission_count: 0,
        },
        payment_method_details: { type: 'card', card: { brand: 'visa', network_reason_code: '10.4' } },
        ...dispute,
      },
    },
  });

  it('opens a dispute on the order whose charge a signed charge.dispute.created names, once; refuses what is not signed, old or replayed', async () => {
    const order = await t
      .db('orders')
      .where({ process_status: 'Completed' })
      .whereNull('assignee_id')
      .orderBy('order_id', 'desc')
      .first('order_id', 'transaction_id');
    const charge = `ch_test_${dialect}_${order.order_id}`;
    await t.db('orders').where({ order_id: order.order_id }).update({ transaction_id: charge });
    const created = disputeEvent('charge.dispute.created', { id: `dp_${dialect}_1`, charge });

    // Signed with another secret, or too long ago: refused, nothing kept.
    expect((await send(created, { secret: 'whsec_wrong' })).statusCode).toBe(401);
    expect((await send(created, { at: nowSeconds() - 301 })).statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(created),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(
      await t
        .db('disputes')
        .where({ external_id: `dp_${dialect}_1` })
        .first(),
    ).toBeUndefined();

    const res = await send(created);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.result).toBe('opened');
    const dispute = await t
      .db('disputes')
      .where({ external_id: `dp_${dialect}_1` })
      .first();
    expect(dispute).toMatchObject({
      order_id: Number(order.order_id),
      gateway: 'Stripe',
      network: 'visa',
      reason_code: '10.4',
      reason_category: 'fraud',
      currency: 'USD',
      status: 'needs_response',
      due_by: '2026-12-18 09:00:00',
    });
    expect(Number(dispute.amount)).toBe(49);
    expect((await t.db('orders').where({ order_id: order.order_id }).first('process_status')).process_status).toBe(
      'ChargeBack',
    );

    // The same event again (a replay, or Stripe retrying): acknowledged, nothing changes.
    const before = await t.db('audit_events').count({ n: '*' }).first();
    const replay = await send(created);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.result).toBe('duplicate');
    expect(
      await t
        .db('disputes')
        .where({ external_id: `dp_${dialect}_1` })
        .count({ n: '*' })
        .first(),
    ).toMatchObject({ n: 1 });
    expect(await t.db('audit_events').count({ n: '*' }).first()).toEqual(before);

    // Submitted, then closed as won: the outcome is recorded and audited.
    clock.advance({ days: 2 });
    await signInAgain(t, tokens);
    expect(
      (
        await send(disputeEvent('charge.dispute.updated', { id: `dp_${dialect}_1`, charge, status: 'under_review' }))
      ).json().data.result,
    ).toBe('updated');
    clock.advance({ days: 30 });
    await signInAgain(t, tokens);
    const closed = await send(disputeEvent('charge.dispute.closed', { id: `dp_${dialect}_1`, charge, status: 'won' }));
    expect(closed.json().data.result).toBe('updated');
    const won = (await t.call(tokens.manager!, { method: 'GET', url: `/api/disputes/${dispute.id}` })).json();
    expect(won).toMatchObject({ status: 'won', submittedAt: '2026-11-30 09:00:00', outcomeAt: '2026-12-30 09:00:00' });
    const trail = await t
      .db('audit_events')
      .where({ order_id: order.order_id, action: 'dispute' })
      .orderBy('id')
      .select('member_name', 'to_value');
    expect(trail).toEqual([
      { member_name: 'stripe webhook', to_value: 'needs_response' },
      { member_name: 'stripe webhook', to_value: 'under_review' },
      { member_name: 'stripe webhook', to_value: 'won' },
    ]);
    clock.set('2026-11-28T09:00:00Z');
    await signInAgain(t, tokens);
  });

  it('keeps a dispute on an unknown charge unmatched until a Manager matches it to its order', async () => {
    const res = await send(
      disputeEvent('charge.dispute.created', {
        id: `dp_${dialect}_2`,
        charge: 'ch_nobody',
        payment_intent: 'pi_nobody',
        reason: 'product_not_received',
        payment_method_details: { card: { brand: 'mastercard', network_reason_code: '4855' } },
      }),
    );
    expect(res.json().data.result).toBe('unmatched');
    const dispute = await t
      .db('disputes')
      .where({ external_id: `dp_${dialect}_2` })
      .first();
    expect(dispute).toMatchObject({
      order_id: null,
      charge_ref: 'ch_nobody',
      network: 'mastercard',
      reason_category: 'not_received',
    });
    const order = await t
      .db('orders')
      .where({ process_status: 'New' })
      .whereNull('assignee_id')
      .orderBy('order_id', 'desc')
      .first('order_id');
    expect(
      (
        await t.call(tokens.team!, {
          method: 'PUT',
          url: `/api/disputes/${dispute.id}`,
          payload: { orderId: Number(order.order_id) },
        })
      ).statusCode,
    ).toBe(403);
    const matched = await t.call(tokens.manager!, {
      method: 'PUT',
      url: `/api/disputes/${dispute.id}`,
      payload: { orderId: Number(order.order_id) },
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json().orderId).toBe(Number(order.order_id));
    expect((await t.db('orders').where({ order_id: order.order_id }).first('process_status')).process_status).toBe(
      'ChargeBack',
    );
    // Matched once: another order is refused.
    expect(
      (await t.call(tokens.manager!, { method: 'PUT', url: `/api/disputes/${dispute.id}`, payload: { orderId: 1 } }))
        .statusCode,
    ).toBe(409);
    // Another event type is acknowledged and left alone.
    const other = await send({
      id: `evt_other_${dialect}`,
      type: 'charge.succeeded',
      data: { object: { id: 'ch_1' } },
    });
    expect(other.json().data.result).toBe('ignored');
    const broken = await send({
      id: `evt_broken_${dialect}`,
      type: 'charge.dispute.created',
      data: { object: { id: 'dp_x' } },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toContain('data.object');
  });

  it('tells the Managers 5 and 2 days before the deadline, once each however many passes run, and expires it after', async () => {
    const run = () => t.app.disputesService.runDisputeDeadlines(t.app);
    const [first, second] = (
      await t
        .db('orders')
        .where({ process_status: 'New' })
        .whereNull('assignee_id')
        .orderBy('order_id')
        .limit(2)
        .pluck('order_id')
    ).map(Number);
    const managers = (await t.db('team_members').where({ type: 'Manager' }).pluck('id')).map(Number);
    const noticesOf = async (disputeId: number) =>
      t
        .db('notifications')
        .whereIn('member_id', managers)
        .where('link', `/disputes/${disputeId}/show`)
        .orderBy('id')
        .select('member_id', 'kind', 'title');
    const { id } = (
      await t.call(tokens.admin!, {
        method: 'POST',
        url: '/api/disputes',
        payload: {
          orderId: first,
          network: 'other',
          reasonCode: 'X1',
          amount: 10,
          currency: 'EUR',
          dueBy: '2026-12-05T18:00:00Z',
        },
      })
    ).json();

    await run();
    expect(await noticesOf(id)).toEqual([]);
    clock.set('2026-11-30T08:00:00Z'); // 5 days left
    await signInAgain(t, tokens);
    // Two passes at once (two processes): one notice per Manager.
    await Promise.all([run(), run()]);
    await run();
    let notices = await noticesOf(id);
    expect(notices).toHaveLength(managers.length);
    expect(notices[0]).toMatchObject({ kind: 'dispute.due', title: `Dispute ${id} is due in 5 days` });

    clock.set('2026-12-03T23:00:00Z'); // 2 days left
    await signInAgain(t, tokens);
    await Promise.all([run(), run()]);
    notices = await noticesOf(id);
    expect(notices).toHaveLength(2 * managers.length);
    expect(notices.at(-1)!.title).toBe(`Dispute ${id} is due in 2 days`);

    // The Manager's bell has it, newest first, unread.
    const bell = (await t.call(tokens.manager!, { method: 'GET', url: '/api/notifications' })).json();
    expect(bell.notifications[0]).toMatchObject({ title: `Dispute ${id} is due in 2 days`, read: false });

    clock.set('2026-12-05T18:00:01Z');
    await signInAgain(t, tokens);
    await Promise.all([run(), run()]);
    const expired = (await t.call(tokens.night!, { method: 'GET', url: `/api/disputes/${id}` })).json();
    expect(expired).toMatchObject({ status: 'expired', outcomeAt: '2026-12-05 18:00:01', daysLeft: null });
    expect(
      await t
        .db('audit_events')
        .where({ action: 'dispute', to_value: 'expired' })
        .whereRaw('detail like ?', [`%"disputeId":${id}%`])
        .count({ n: '*' })
        .first(),
    ).toMatchObject({ n: 1 });
    // A dispute answered in time never expires.
    const answered = (
      await t.call(tokens.admin!, {
        method: 'POST',
        url: '/api/disputes',
        payload: { orderId: second, network: 'visa', reasonCode: '13.1', amount: 10, dueBy: '2026-12-06T00:00:00Z' },
      })
    ).json();
    await t.call(tokens.admin!, {
      method: 'PUT',
      url: `/api/disputes/${answered.id}`,
      payload: { status: 'under_review' },
    });
    clock.set('2026-12-10T00:00:00Z');
    await signInAgain(t, tokens);
    await run();
    expect((await t.db('disputes').where({ id: answered.id }).first('status')).status).toBe('under_review');
  });
});
