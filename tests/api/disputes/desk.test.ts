import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAgain, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { ManualClock } from '../../../api/src/core/clock.js';
import { minimalPdf } from '../../../seeds/generator.js';

/** Emily Carter's disputed order (demo data): two earlier orders on her card qualify under Visa CE 3.0. */
const CE3_ORDER = 260006;

describe.each(dialects())('dispute desk on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const clock = new ManualClock('2026-11-28T09:00:00Z');

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
    Object.assign(tokens, (await signInDemoAccounts(t)).tokens);
  });
  afterAll(() => t?.close());

  const call = (role: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.call(tokens[role]!, { method, url, payload });
  /** An order nobody holds, outside the CE 3.0 customer's (a dispute on one would disqualify it). */
  const completedOrder = async (skip = 0) =>
    Number(
      (
        await t
          .db('orders')
          .whereIn('process_status', ['New', 'Completed'])
          .whereNull('assignee_id')
          .whereNotBetween('order_id', [249_000, 249_999])
          .whereNotIn('order_id', [CE3_ORDER])
          .orderBy('order_id')
          .offset(skip)
          .first('order_id')
      ).order_id,
    );

  it('opens a dispute by hand: the order moves to ChargeBack, the deadline and category follow the network and code', async () => {
    const orderId = await completedOrder();
    const res = await call('manager', 'POST', '/api/disputes', {
      orderId,
      network: 'mastercard',
      reasonCode: '4853',
      amount: 49.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    const dispute = res.json();
    expect(dispute).toMatchObject({
      orderId,
      network: 'mastercard',
      reasonCategory: 'not_as_described',
      status: 'needs_response',
      amount: 49.5,
      openedAt: '2026-11-28 09:00:00',
      // Mastercard's window: 45 days, to the end of that day.
      dueBy: '2027-01-12 23:59:59',
      daysLeft: 45,
      pack: 1,
    });
    const order = await t.db('orders').where({ order_id: orderId }).first('process_status', 'currency');
    expect(order.process_status).toBe('ChargeBack');
    expect(dispute.currency).toBe(order.currency);
    const trail = await t.db('audit_events').where({ order_id: orderId }).orderBy('id').select('action', 'to_value');
    expect(trail.slice(-2)).toEqual([
      { action: 'move', to_value: 'ChargeBack' },
      { action: 'dispute', to_value: 'needs_response' },
    ]);

    // Only Admin and Manager open and change disputes; every role reads them.
    for (const role of ['team', 'telecaller', 'night']) {
      expect(
        (await call(role, 'POST', '/api/disputes', { orderId, network: 'visa', reasonCode: '10.4', amount: 1 }))
          .statusCode,
      ).toBe(403);
      expect((await call(role, 'PUT', `/api/disputes/${dispute.id}`, { status: 'won' })).statusCode).toBe(403);
      expect((await call(role, 'GET', `/api/disputes/${dispute.id}`)).statusCode).toBe(200);
      expect((await call(role, 'GET', `/api/disputes/${dispute.id}/evidence`)).statusCode).toBe(200);
    }
    // A bad value is refused naming the field.
    const bad = await call('manager', 'POST', '/api/disputes', {
      orderId,
      network: 'diners',
      reasonCode: 'x',
      amount: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('network');
    expect(
      (
        await call('manager', 'POST', '/api/disputes', {
          orderId: 999_999_999,
          network: 'visa',
          reasonCode: '10.4',
          amount: 1,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('moves a dispute forward only, recording when it was submitted and decided, each move audited', async () => {
    const orderId = await completedOrder(1);
    const { id } = (
      await call('admin', 'POST', '/api/disputes', {
        orderId,
        network: 'amex',
        reasonCode: 'C08',
        amount: 20,
        dueBy: '2026-12-05T12:00:00Z',
      })
    ).json();
    let dispute = (await call('admin', 'GET', `/api/disputes/${id}`)).json();
    expect(dispute).toMatchObject({
      reasonCategory: 'not_received',
      dueBy: '2026-12-05 12:00:00',
      daysLeft: 7,
      pack: 2,
    });

    clock.advance({ hours: 1 });
    await signInAgain(t, tokens);
    dispute = (await call('manager', 'PUT', `/api/disputes/${id}`, { status: 'under_review' })).json();
    expect(dispute).toMatchObject({ status: 'under_review', submittedAt: '2026-11-28 10:00:00', outcomeAt: null });
    clock.advance({ days: 10 });
    await signInAgain(t, tokens);
    dispute = (
      await call('manager', 'PUT', `/api/disputes/${id}`, { status: 'won', notes: 'Visa ruled for us.' })
    ).json();
    expect(dispute).toMatchObject({
      status: 'won',
      outcomeAt: '2026-12-08 10:00:00',
      notes: 'Visa ruled for us.',
      daysLeft: null,
    });

    const back = await call('manager', 'PUT', `/api/disputes/${id}`, { status: 'needs_response' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toContain('status');
    const moves = await t
      .db('audit_events')
      .where({ order_id: orderId, action: 'dispute' })
      .orderBy('id')
      .pluck('to_value');
    expect(moves).toEqual(['needs_response', 'under_review', 'won']);
    clock.set('2026-11-28T09:00:00Z');
    await signInAgain(t, tokens);
  });

  it('fills the checklist from the order, with the CE 3.0 verdict and its earlier orders; a person adds what is missing', async () => {
    const { id } = (
      await call('manager', 'POST', '/api/disputes', {
        orderId: CE3_ORDER,
        network: 'visa',
        reasonCode: '10.4',
        amount: 60,
      })
    ).json();
    const evidence = (await call('team', 'GET', `/api/disputes/${id}/evidence`)).json();
    expect(evidence.reasonCategory).toBe('fraud');
    expect(evidence.pack).toBe(1);
    const item = (key: string) => evidence.checklist.find((c: { item: string }) => c.item === key);
    expect(item('prior_transactions')).toMatchObject({ present: true, stripeField: 'enhanced_evidence' });
    expect(item('download_log').present).toBe(true);
    expect(evidence.ce3).toMatchObject({ programme: 'visa_ce3', qualifies: true });
    expect(evidence.ce3.pair.sort()).toEqual([249001, 249003]);
    expect(evidence.ce3.priors.find((p: { orderId: number }) => p.orderId === 249002).meetsRule).toBe(false);
    expect(evidence.stripe.access_activity_log).toBeTruthy();
    expect(evidence.stripe.customer_email_address).toBeTruthy();
    expect(evidence.stripe.enhanced_evidence.visa_compelling_evidence_3.prior_undisputed_transactions).toHaveLength(2);

    // A category whose checklist has items the order cannot fill: a person adds them.
    const orderId = await completedOrder(2);
    const dup = (
      await call('manager', 'POST', '/api/disputes', { orderId, network: 'visa', reasonCode: '12.6.1', amount: 30 })
    ).json();
    let checklist = (await call('manager', 'GET', `/api/disputes/${dup.id}/evidence`)).json().checklist;
    expect(checklist.find((c: { item: string }) => c.item === 'duplicate_charge_explanation').present).toBe(false);
    // Telecallers and Night Staff read only; Team adds evidence.
    expect(
      (
        await call('telecaller', 'POST', `/api/disputes/${dup.id}/evidence-items`, {
          item: 'duplicate_charge_explanation',
          text: 'x',
        })
      ).statusCode,
    ).toBe(403);
    const text = 'The second charge was a separate order, 12 passengers on one booking.';
    const added = await call('team', 'POST', `/api/disputes/${dup.id}/evidence-items`, {
      item: 'duplicate_charge_explanation',
      text,
    });
    expect(added.statusCode, added.body).toBe(200);
    // A file goes through the same checks as a document: its bytes decide its type.
    const form = new FormData();
    form.append('item', 'receipt');
    form.append('file', new Blob([new Uint8Array(minimalPdf(['Receipt']))]), 'receipt.pdf');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const upload = await t.call(tokens.manager!, {
      method: 'POST',
      url: `/api/disputes/${dup.id}/evidence-items`,
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const fake = new FormData();
    fake.append('item', 'receipt');
    fake.append('file', new Blob(['<html>not a receipt</html>']), 'receipt.pdf');
    const fakeRequest = new Request('http://x/', { method: 'POST', body: fake });
    const refused = await t.call(tokens.manager!, {
      method: 'POST',
      url: `/api/disputes/${dup.id}/evidence-items`,
      headers: { 'content-type': fakeRequest.headers.get('content-type')! },
      payload: Buffer.from(await fakeRequest.arrayBuffer()),
    });
    expect(refused.statusCode).toBe(400);

    const after = (await call('manager', 'GET', `/api/disputes/${dup.id}/evidence`)).json();
    checklist = after.checklist;
    expect(checklist.find((c: { item: string }) => c.item === 'duplicate_charge_explanation')).toMatchObject({
      present: true,
    });
    expect(checklist.find((c: { item: string }) => c.item === 'receipt')).toMatchObject({ present: true });
    expect(after.pack).toBe(2);
    expect(after.stripe.duplicate_charge_explanation).toBe(text);
    expect(after.stripe.receipt.file).toMatchObject({ name: 'receipt.pdf', mimeType: 'application/pdf' });
    const file = await call('night', 'GET', after.stripe.receipt.file.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await call('manager', 'POST', `/api/disputes/${dup.id}/evidence-items`, { item: 'nonsense', text: 'x' }))
        .statusCode,
    ).toBe(400);
  });

  it('lists the disputes due by deadline, counts them, and reports opened, won, lost and amounts as the table says', async () => {
    const due = await call(
      'night',
      'GET',
      `/api/disputes?filter=${encodeURIComponent('{"status":"needs_response"}')}&sort=${encodeURIComponent('["dueBy","ASC"]')}`,
    );
    expect(due.statusCode).toBe(200);
    const rows = due.json() as Array<{ dueBy: string; daysLeft: number }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.dueBy)).toEqual([...rows.map((r) => r.dueBy)].sort());
    const count = (await call('telecaller', 'GET', '/api/disputes-due-count')).json().due;
    expect(count).toBe(rows.length);

    const query = (groupBy: string) =>
      `/api/dispute-report?filter=${encodeURIComponent(JSON.stringify({ from: '2026-11-01', to: '2026-11-30', groupBy }))}`;
    expect((await call('team', 'GET', query('network'))).statusCode).toBe(403);
    const byNetwork = (await call('manager', 'GET', query('network'))).json() as Array<Record<string, number | string>>;
    const stored = await t
      .db('disputes')
      .whereBetween('opened_at', ['2026-11-01 00:00:00', '2026-11-30 23:59:59'])
      .select('network', 'status', 'amount', 'currency');
    for (const network of new Set(stored.map((d) => d.network))) {
      const mine = stored.filter((d) => d.network === network);
      const rowsOf = byNetwork.filter((r) => r.group === network);
      expect(rowsOf.reduce((n, r) => n + Number(r.opened), 0)).toBe(mine.length);
      expect(rowsOf.reduce((n, r) => n + Number(r.won), 0)).toBe(mine.filter((d) => d.status === 'won').length);
      expect(rowsOf.reduce((n, r) => n + Number(r.amount), 0)).toBeCloseTo(
        mine.reduce((n, d) => n + Number(d.amount), 0),
        2,
      );
    }
    const byMonth = (await call('manager', 'GET', query('month'))).json() as Array<Record<string, number | string>>;
    expect(byMonth.every((r) => r.group === '2026-11')).toBe(true);
    expect(byMonth.reduce((n, r) => n + Number(r.opened), 0)).toBe(stored.length);
    const amex = byNetwork.find((r) => r.group === 'amex')!;
    expect(amex).toMatchObject({ won: 1, winRate: 100 });
    const byEvidence = (await call('manager', 'GET', query('evidence'))).json() as Array<
      Record<string, number | string>
    >;
    expect(byEvidence.find((r) => r.group === 'duplicate_charge_explanation')?.opened).toBe(1);
    for (const groupBy of ['gateway', 'reasonCode', 'nationality'])
      expect((await call('manager', 'GET', query(groupBy))).statusCode).toBe(200);
    expect(
      (
        await call(
          'manager',
          'GET',
          `/api/dispute-report?filter=${encodeURIComponent('{"from":"2026-11-01","to":"2026-11-30"}')}`,
        )
      ).statusCode,
    ).toBe(400);

    // The month's rate against the networks' thresholds, as a direct count says.
    const rate = (await call('manager', 'GET', '/api/dispute-rate?month=2026-11')).json();
    const orders = Number(
      (await t
        .db('orders')
        .whereBetween('created_at', ['2026-11-01 00:00:00', '2026-11-30 23:59:59'])
        .count({ n: '*' })
        .first())!.n,
    );
    expect(rate).toMatchObject({ month: '2026-11', orders, disputes: stored.length });
    expect(rate.networks.find((n: { network: string }) => n.network === 'visa').threshold).toBe(0.9);
    expect((await call('telecaller', 'GET', '/api/dispute-rate')).statusCode).toBe(403);
  });
});
