import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/src/app.js';
import { ManualClock } from '../../../api/src/core/clock.js';
import { createTestApp, signInAgain, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

/** Orders the scenarios own are named so; the policy picks them by that name. */
const NAME = 'SLA Test';
/** A Monday, 10:00 UTC: the policy's business hours are 09:00 to 17:00 on weekdays. */
const MONDAY = '2026-11-30';
const at = (time: string, day = MONDAY) => `${day} ${time}:00`;

describe.each(dialects())('SLA clocks on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let ids: Record<string, number>;
  const clock = new ManualClock(`${MONDAY}T10:00:00Z`);
  let policyId: number;

  const call = (role: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.call(tokens[role]!, { method, url, ...(payload ? { payload } : {}) });
  const clockOf = (id: number) =>
    t.db('orders').where({ order_id: id }).first('sla_state', 'sla_due_at', 'sla_policy_id', 'sla_next_at');
  const move = (id: number, status: string) =>
    call('admin', 'PUT', '/api/admin/move-order-status', { orderIds: [id], updatingStatus: status });
  const advanceTo = async (time: string, day = MONDAY) => {
    clock.set(`${day}T${time}:00Z`);
    await signInAgain(t, tokens);
  };
  const notices = (role: string, orderId: number) =>
    t
      .db('notifications')
      .where({ member_id: ids[role] })
      .where('kind', 'like', 'sla.%')
      .where('title', 'like', `Order ${orderId} %`)
      .orderBy('id')
      .pluck('kind');

  /** New orders nobody holds, named for a scenario, paid now, their clocks never read (as a new order arrives). */
  async function takeOrders(count: number, tag: string, day = MONDAY): Promise<number[]> {
    const taken = (
      await t
        .db('orders')
        .where({ process_status: 'New', processing_mode: 'Standard' })
        .whereNull('assignee_id')
        .whereNot('full_name', 'like', `${NAME}%`)
        .orderBy('order_id')
        .limit(count)
        .pluck('order_id')
    ).map(Number);
    await t
      .db('orders')
      .whereIn('order_id', taken)
      .update({
        full_name: `${NAME} ${tag}`,
        paid_at: at('10:00', day),
        sla_state: null,
        sla_policy_id: null,
        sla_due_at: null,
        sla_used_minutes: 0,
        sla_run_from: null,
        sla_next_at: '2000-01-01 00:00:00',
      });
    return taken;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
    ({ tokens, ids } = await signInDemoAccounts(t));
    const created = await call('admin', 'POST', '/api/sla-policies', {
      name: 'Tested, 2 business hours',
      position: -1,
      conditions: { full_name: NAME },
      targetMinutes: 120,
      warnAtPercent: 75,
      pauseStatuses: ['Awaiting'],
      businessHours: { timeZone: 'UTC', days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' },
      holidays: [],
      breachActions: [
        { type: 'notify', role: 'Manager', message: 'An order breached its SLA.' },
        { type: 'comment', text: 'SLA breached.' },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    policyId = created.json().id;
    // Every clock is read once (the demo orders' first reading).
    await t.app.sla.runDueClocks();
  });
  afterAll(() => t?.close());

  it('pauses and resumes, not counting the pause, is at risk at warnAtPercent, breaches at the due time, and runs breachActions once', async () => {
    await advanceTo('10:00');
    const [id] = await takeOrders(1, 'clock');
    expect(await t.app.sla.runDueClocks()).toBe(1);
    expect(await clockOf(id!)).toMatchObject({
      sla_state: 'ok',
      sla_policy_id: policyId,
      sla_due_at: at('12:00'),
      sla_next_at: at('11:30'),
    });
    const assigned = await call('team', 'PUT', '/api/admin/assign-order-status', {
      orderId: id,
      assignto: 'Demo Team',
    });
    expect(assigned.statusCode).toBe(200);

    // Thirty minutes in, the customer is asked for something: the clock stops for an hour and a half.
    await advanceTo('10:30');
    expect((await move(id!, 'Awaiting')).statusCode).toBe(200);
    expect(await clockOf(id!)).toMatchObject({ sla_state: 'paused', sla_due_at: null, sla_next_at: null });
    await advanceTo('12:00');
    expect(await t.app.sla.runDueClocks()).toBe(0);
    expect((await move(id!, 'Contact Customer')).statusCode).toBe(200);
    // 90 minutes left: due at 13:30; at risk from 90 minutes used (75% of 120), at 13:00.
    expect(await clockOf(id!)).toMatchObject({ sla_state: 'ok', sla_due_at: at('13:30'), sla_next_at: at('13:00') });

    await advanceTo('12:59');
    expect(await t.app.sla.runDueClocks()).toBe(0);
    await advanceTo('13:00');
    expect(await t.app.sla.runDueClocks()).toBe(1);
    expect((await clockOf(id!)).sla_state).toBe('at_risk');
    expect(await notices('team', id!)).toEqual(['sla.at_risk']);

    // On MySQL a second app (its own pool) makes its pass at the same time: one of them breaches the order.
    await advanceTo('13:30');
    const other = dialect === 'mysql' ? await buildApp({ config: t.config, clock }) : null;
    try {
      const stepped = await Promise.all([t.app.sla.runDueClocks(), other?.sla.runDueClocks() ?? 0]);
      expect(stepped[0] + stepped[1]).toBe(1);
    } finally {
      await other?.close();
    }
    await t.app.automation.settled();
    expect((await clockOf(id!)).sla_state).toBe('breached');
    expect(await notices('team', id!)).toEqual(['sla.at_risk', 'sla.breached']);
    expect(
      await t.db('notifications').where({ member_id: ids.manager, kind: 'rule' }).count({ n: '*' }).first(),
    ).toMatchObject({ n: 1 });
    expect(
      await t.db('remarks').where({ order_id: id, remark: 'SLA breached.' }).count({ n: '*' }).first(),
    ).toMatchObject({ n: 1 });
    expect(
      await t
        .db('sla_breaches')
        .where({ order_id: id, due_at: at('13:30') })
        .select('status', 'assignee_id', 'error'),
    ).toEqual([{ status: 'Contact Customer', assignee_id: ids.team, error: null }]);
    // Once per breach: later passes, changes and a pause change nothing of it.
    await advanceTo('15:00');
    expect(await t.app.sla.runDueClocks()).toBe(0);
    expect((await move(id!, 'Awaiting')).statusCode).toBe(200);
    expect((await clockOf(id!)).sla_state).toBe('breached');
    expect(
      await t
        .db('sla_breaches')
        .where({ order_id: id, due_at: at('13:30') })
        .count({ n: '*' })
        .first(),
    ).toMatchObject({ n: 1 });
    expect(
      await t.db('remarks').where({ order_id: id, remark: 'SLA breached.' }).count({ n: '*' }).first(),
    ).toMatchObject({ n: 1 });
  });

  it('is met when the order is completed in time, and waits for business hours', async () => {
    await advanceTo('10:00', '2026-12-01');
    const [done, evening] = await takeOrders(2, 'met', '2026-12-01');
    await t
      .db('orders')
      .where({ order_id: evening })
      .update({ paid_at: at('16:30', '2026-12-01') });
    expect(await t.app.sla.runDueClocks()).toBe(2);
    // Paid at 16:30: half an hour today, the rest from 09:00 the next working day.
    expect((await clockOf(evening!)).sla_due_at).toBe(at('10:30', '2026-12-02'));
    await advanceTo('11:00', '2026-12-01');
    expect((await move(done!, 'Completed')).statusCode).toBe(200);
    expect(await clockOf(done!)).toMatchObject({ sla_state: 'met', sla_next_at: null });
  });

  it('lists sla_due_at and sla_state in /api/orders and the old system lists, sorted by due time and filtered by state', async () => {
    await advanceTo('10:00', '2026-12-02');
    const [first, second, third] = await takeOrders(3, 'list', '2026-12-02');
    await t
      .db('orders')
      .where({ order_id: second })
      .update({ paid_at: at('09:00', '2026-12-02') });
    await t
      .db('orders')
      .where({ order_id: third })
      .update({ paid_at: at('09:30', '2026-12-02') });
    await t
      .db('orders')
      .where({ order_id: first })
      .update({ paid_at: at('10:00', '2026-12-02') });
    await t.app.sla.runDueClocks();
    const query = (params: Record<string, string>) =>
      call('admin', 'GET', `/api/orders?${new URLSearchParams(params)}`);
    const listed = await query({
      filter: JSON.stringify({ queue: 'newOrder', full_name: `${NAME} list`, sla_state: 'ok' }),
      sort: JSON.stringify(['sla_due_at', 'ASC']),
      range: '[0,9]',
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json() as Array<{ order_id: number; sla_state: string; sla_due_at: string }>;
    expect(rows.map((r) => r.order_id)).toEqual([second, third, first]);
    expect(rows[0]).toMatchObject({ sla_state: 'ok', sla_due_at: at('11:00', '2026-12-02') });
    const atRisk = await query({
      filter: JSON.stringify({ queue: 'newOrder', full_name: `${NAME} list`, sla_state: 'at_risk' }),
    });
    expect(atRisk.json(), atRisk.body).toEqual([]);
    expect((await query({ filter: JSON.stringify({ queue: 'newOrder', sla_state: 'late' }) })).statusCode).toBe(400);

    const old = await call('manager', 'GET', '/api/admin/get-orders-list/newOrder?limit=100&sort=sla_due_at&order=asc');
    expect(old.statusCode, old.body).toBe(200);
    const dues = (old.json().data as Array<{ sla_due_at: string | null; sla_state: string | null }>).map(
      (r) => r.sla_due_at,
    );
    expect(dues.filter(Boolean)).toEqual([...dues.filter(Boolean)].sort());
    expect(old.json().data[0]).toHaveProperty('sla_state');
  });

  it('reports breaches and time to finish per queue, member and week; a policy change reads open clocks again', async () => {
    const report = async (by: string) => {
      const res = await call(
        'manager',
        'GET',
        `/api/sla-report?filter=${encodeURIComponent(JSON.stringify({ from: '2026-11-30', to: '2026-12-06', by }))}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Array<{ group: string; breaches: number; finished: number }>;
    };
    // The demo orders breach too (their first reading): the report counts what sla_breaches holds.
    const breaches = (where: (q: ReturnType<typeof t.db>) => unknown) => {
      const q = t
        .db('sla_breaches as b')
        .join('orders as o', 'o.order_id', 'b.order_id')
        .where('b.breached_at', '>=', '2026-11-30 00:00:00')
        .where('b.breached_at', '<', '2026-12-07 00:00:00');
      where(q);
      return q
        .count({ n: '*' })
        .first()
        .then((r) => Number(r?.n));
    };
    const team = await breaches((q) => q.where('b.assignee_id', ids.team));
    expect(team).toBeGreaterThanOrEqual(1);
    expect((await report('member')).find((r) => r.group === 'Demo Team')).toMatchObject({ breaches: team });
    const standard = await breaches((q) => q.where('o.processing_mode', 'Standard'));
    expect((await report('queue')).find((r) => r.group === 'Standard')).toMatchObject({ breaches: standard });
    const all = await breaches(() => undefined);
    expect((await report('week')).find((r) => r.group === '2026-11-30')).toMatchObject({ breaches: all });
    expect((await call('team', 'GET', '/api/sla-report')).statusCode).toBe(403);
    const bad = await call('manager', 'GET', `/api/sla-report?filter=${encodeURIComponent('{"by":"colour"}')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/filter\.by/);

    const [id] = await takeOrders(1, 'recheck', '2026-12-02');
    await t.app.sla.runDueClocks();
    const policy = (await call('admin', 'GET', `/api/sla-policies/${policyId}`)).json();
    const changed = await call('admin', 'PUT', `/api/sla-policies/${policyId}`, { ...policy, targetMinutes: 240 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await t.app.sla.runDueClocks()).toBeGreaterThan(0);
    expect((await clockOf(id!)).sla_due_at).toBe(at('14:00', '2026-12-02'));
  });

  it('queues breach actions with the breach, tries them again after a failed attempt, and applies them once', async () => {
    const created = await call('admin', 'POST', '/api/sla-policies', {
      name: 'Tested, assign on breach',
      position: -2,
      conditions: { full_name: `${NAME} retry` },
      targetMinutes: 60,
      warnAtPercent: 75,
      pauseStatuses: ['Awaiting'],
      businessHours: { timeZone: 'UTC', days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' },
      holidays: [],
      breachActions: [
        { type: 'assign', strategy: 'leastLoaded', role: 'Telecaller', presentMinutes: 30 },
        { type: 'comment', text: 'SLA breached: given to a Telecaller.' },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const day = '2026-12-03';
    await advanceTo('10:00', day);
    // A new policy reads every open clock again: those first.
    await t.app.sla.runDueClocks();
    const [id] = await takeOrders(1, 'retry', day);
    expect(await t.app.sla.runDueClocks()).toBe(1);
    await advanceTo('10:45', day);
    expect(await t.app.sla.runDueClocks()).toBe(1);
    const breach = () =>
      t
        .db('sla_breaches')
        .where({ order_id: id, due_at: at('11:00', day) })
        .first('actions_due_at', 'action_attempts', 'error');
    const remarks = () => t.db('remarks').where({ order_id: id }).pluck('remark');

    // Nobody of the role on shift at the breach: the first attempt fails; the breach keeps its actions queued.
    await advanceTo('11:00', day);
    await t.db('team_members').where({ type: 'Telecaller' }).update({ last_login_at: null });
    expect(await t.app.sla.runDueClocks()).toBe(1);
    expect((await clockOf(id!)).sla_state).toBe('breached');
    expect(await breach()).toEqual({
      actions_due_at: at('11:01', day),
      action_attempts: 1,
      error: 'No Telecaller signed in lately has room for another order.',
    });
    expect(await remarks()).toEqual([]);
    // Not before its time.
    expect(await t.app.sla.runDueClocks()).toBe(0);
    expect((await breach()).action_attempts).toBe(1);

    // A minute later the Telecallers have signed in again: the next pass applies them, once.
    await advanceTo('11:01', day);
    const other = dialect === 'mysql' ? await buildApp({ config: t.config, clock }) : null;
    try {
      await Promise.all([t.app.sla.runDueClocks(), other?.sla.runDueClocks()]);
    } finally {
      await other?.close();
    }
    expect(await breach()).toEqual({ actions_due_at: null, action_attempts: 2, error: null });
    expect(await remarks()).toEqual(['SLA breached: given to a Telecaller.']);
    const holder = await t.db('orders').where({ order_id: id }).first('assignee_id');
    expect(await t.db('team_members').where({ id: holder.assignee_id }).first('type')).toEqual({ type: 'Telecaller' });
    await advanceTo('12:00', day);
    await t.app.sla.runDueClocks();
    expect(await remarks()).toEqual(['SLA breached: given to a Telecaller.']);
    expect(
      await t.db('audit_events').where({ order_id: id, action: 'assign' }).count({ n: '*' }).first(),
    ).toMatchObject({ n: 1 });
  });

  it('starts the clock of a Future order on its processing date, not at its payment', async () => {
    const paidOn = '2026-12-07';
    const processingOn = '2026-12-09';
    await advanceTo('10:00', paidOn);
    const policy = (await call('admin', 'GET', `/api/sla-policies/${policyId}`)).json();
    expect(
      (await call('admin', 'PUT', `/api/sla-policies/${policyId}`, { ...policy, targetMinutes: 240 })).statusCode,
    ).toBe(200);
    const [id] = await takeOrders(1, 'future', paidOn);
    await t.db('orders').where({ order_id: id }).update({ processing_date: processingOn });
    await t.app.sla.runDueClocks();
    // The policy's four business hours from 09:00 on the processing date.
    expect(await clockOf(id!)).toMatchObject({
      sla_state: 'ok',
      sla_due_at: at('13:00', processingOn),
      sla_next_at: at('12:00', processingOn),
    });
    // Past four business hours after payment: not late, nothing to step before its day.
    await advanceTo('16:00', paidOn);
    await t.app.sla.runDueClocks();
    expect(await clockOf(id!)).toMatchObject({ sla_state: 'ok', sla_next_at: at('12:00', processingOn) });
    // A change before that day keeps the clock waiting for it.
    expect((await move(id!, 'Contact Customer')).statusCode).toBe(200);
    expect(await clockOf(id!)).toMatchObject({ sla_state: 'ok', sla_due_at: at('13:00', processingOn) });
    await advanceTo('13:00', processingOn);
    await t.app.sla.runDueClocks();
    expect((await clockOf(id!)).sla_state).toBe('breached');
  });
});
