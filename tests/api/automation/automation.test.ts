import http from 'node:http';
import type { AddressInfo } from 'node:net';
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nowUtc } from '@app/domain';
import { buildApp } from '../../../api/src/app.js';
import { ManualClock } from '../../../api/src/core/clock.js';
import { createWebhookWorker, SIGNATURE_HEADER } from '../../../api/src/modules/automation/webhooks.js';
import { createTestApp, signInAgain, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { createRule as createScenarioRule, takeOrders as takeScenarioOrders } from './scenario.js';

/** Orders the scenarios own are named so; rules' conditions pick them by that name. */
const NAME = 'Automation Test';

describe.each(dialects())('automation on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
    ({ tokens } = await signInDemoAccounts(t));
  });
  afterAll(() => t?.close());
  // Each scenario's rules are its own.
  afterEach(async () => {
    for (const rule of (await call('admin', 'GET', '/api/automation-rules')).json() as Array<{ id: number }>)
      expect((await call('admin', 'DELETE', `/api/automation-rules/${rule.id}`)).statusCode).toBe(200);
  });

  const call = (role: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.call(tokens[role]!, { method, url, ...(payload ? { payload } : {}) });
  const order = (id: number) =>
    t.db('orders').where({ order_id: id }).first('process_status', 'assignee_id', 'assign_to', 'version');
  const runsOf = (orderId: number) => t.db('automation_runs').where({ order_id: orderId }).orderBy('id');
  const move = (id: number, status: string) =>
    call('admin', 'PUT', '/api/admin/move-order-status', { orderIds: [id], updatingStatus: status });

  const takeOrders = (count: number, tag: string) => takeScenarioOrders(t, count, `${NAME} ${tag}`, NAME);
  const createRule = (body: object) => createScenarioRule(t, tokens.admin!, body);

  it('keeps rules and macros for Admins only, and refuses a bad one naming the field', async () => {
    const body = {
      name: 'Chase',
      trigger: { type: 'time', status: 'Awaiting', afterMinutes: 2880 },
      conditions: { processing_mode: 'Standard', landing_domain: 'example.com' },
      actions: [{ type: 'move', status: 'Contact Customer' }],
    };
    expect((await call('manager', 'GET', '/api/automation-rules')).statusCode).toBe(403);
    expect((await call('team', 'POST', '/api/automation-rules', body)).statusCode).toBe(403);
    const { id } = await createRule(body);
    const list = await call('admin', 'GET', '/api/automation-rules?range=[0,9]');
    expect(list.headers['content-range']).toBe('automation-rules 0-0/1');
    expect(list.json()[0]).toMatchObject({ id, name: 'Chase', enabled: true, position: 0, trigger: body.trigger });
    const updated = await call('admin', 'PUT', `/api/automation-rules/${id}`, {
      ...body,
      name: 'Chase later',
      enabled: false,
    });
    expect(updated.json()).toMatchObject({ name: 'Chase later', enabled: false });

    const refusals: Array<[object, RegExp]> = [
      [{ ...body, trigger: { type: 'time', status: 'Awaiting', afterMinutes: -5 } }, /trigger\.afterMinutes/],
      [{ ...body, actions: [{ type: 'move', status: 'New' }] }, /actions\.0\.status/],
      [{ ...body, conditions: { no_such_field: 1 } }, /conditions\.no_such_field/],
      [{ ...body, actions: [{ type: 'assign', strategy: 'random', role: 'Telecaller' }] }, /actions\.0\.strategy/],
      [{ ...body, actions: [{ type: 'webhook', url: 'ftp://x' }] }, /actions\.0\.url/],
      [{ ...body, colour: 'red' }, /colour is not a field/],
      [{ ...body, name: undefined }, /name/],
    ];
    for (const [bad, message] of refusals) {
      const res = await call('admin', 'POST', '/api/automation-rules', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const macro = await call('admin', 'POST', '/api/macros', { name: 'Nothing', roles: ['Pilot'], actions: [] });
    expect(macro.statusCode).toBe(400);
    expect(macro.json().message).toMatch(/roles: .*actions: /);
    expect((await call('admin', 'GET', '/api/automation-runs')).statusCode).toBe(200);
    expect((await call('manager', 'GET', '/api/automation-runs')).statusCode).toBe(403);
  });

  it('runs event rules after the change, in position order, never on their own change, and stops a chain at 3', async () => {
    const [first, chained] = await takeOrders(2, 'events');
    const conditions = { full_name: `${NAME} events` };
    const comment = (text: string) => [{ type: 'comment', text }];
    await createRule({
      name: 'Second',
      position: 2,
      trigger: { type: 'event', event: 'order.moved', to: 'AwaitingGovt' },
      conditions,
      actions: comment('second'),
    });
    await createRule({
      name: 'First',
      position: 1,
      trigger: { type: 'event', event: 'order.moved', to: 'AwaitingGovt' },
      conditions,
      actions: comment('first'),
    });
    // Fires on every comment, its own included if it could: it comments once per comment of others.
    await createRule({
      name: 'Echo',
      position: 3,
      trigger: { type: 'event', event: 'comment.added' },
      conditions,
      actions: comment('echo'),
    });
    expect((await move(first!, 'AwaitingGovt')).statusCode).toBe(200);
    await t.app.automation.settled();
    const remarks = await t.db('remarks').where({ order_id: first }).orderBy('id').pluck('remark');
    // The rules on one change run one after another, then those on the changes they made.
    expect(remarks).toEqual(['first', 'second', 'echo', 'echo']);
    const events = await t.db('audit_events').where({ order_id: first, action: 'comment' }).orderBy('id');
    expect(events.map((e) => e.member_name)).toEqual(['Rule: First', 'Rule: Second', 'Rule: Echo', 'Rule: Echo']);

    const pingPong = [
      {
        name: 'Ping',
        trigger: { type: 'event', event: 'order.moved', to: 'Contact Customer' },
        conditions,
        actions: [{ type: 'move', status: 'Customer Called' }],
      },
      {
        name: 'Pong',
        trigger: { type: 'event', event: 'order.moved', to: 'Customer Called' },
        conditions,
        actions: [{ type: 'move', status: 'Contact Customer' }],
      },
    ];
    const [ping, pong] = [await createRule(pingPong[0]!), await createRule(pingPong[1]!)];
    await move(chained!, 'Contact Customer');
    await t.app.automation.settled();
    const runs = await runsOf(chained!);
    expect(runs.map((r) => [r.rule_id, r.error])).toEqual([
      [ping.id, null],
      [pong.id, null],
      [ping.id, null],
      [pong.id, 'The chain of rules stopped after 3 steps.'],
    ]);
    expect((await order(chained!)).process_status).toBe('Customer Called');
    const moves = await t.db('audit_events').where({ order_id: chained, action: 'move' }).orderBy('id');
    expect(JSON.parse(moves.at(-1).detail)).toEqual({ rule: ping.id });
  });

  it('logs a failing action and leaves the order as it was', async () => {
    const [id] = await takeOrders(1, 'failing');
    const rule = await createRule({
      name: 'Broken',
      trigger: { type: 'event', event: 'order.moved', to: 'Awaiting' },
      conditions: { full_name: `${NAME} failing` },
      actions: [
        { type: 'move', status: 'Contact Customer' },
        { type: 'comment', text: 'never' },
        { type: 'assign', member: 999999 },
      ],
    });
    await move(id!, 'Awaiting');
    const before = await order(id!);
    await t.app.automation.settled();
    expect(await order(id!)).toEqual(before);
    expect(before.process_status).toBe('Awaiting');
    expect(await t.db('remarks').where({ order_id: id }).count({ n: '*' }).first()).toMatchObject({ n: 0 });
    const [run] = await runsOf(id!);
    expect(run).toMatchObject({ rule_id: rule.id, error: 'Member 999999 was not found.' });
    const listed = await call(
      'admin',
      'GET',
      `/api/automation-runs?filter=${encodeURIComponent(JSON.stringify({ order: id }))}`,
    );
    expect(listed.json()).toEqual([
      expect.objectContaining({ rule: rule.id, order: id, actions: [], error: 'Member 999999 was not found.' }),
    ]);
  });

  it('fires a time rule once per order per entry into the status, exactly once across two apps, after a dry run that changes nothing', async () => {
    clock.set(new Date());
    await signInAgain(t, tokens);
    const ids = await takeOrders(4, 'time');
    for (const id of ids) expect((await move(id, 'Awaiting')).statusCode).toBe(200);
    const rule = {
      name: 'Chase after two days',
      trigger: { type: 'time', status: 'Awaiting', afterMinutes: 2880 },
      conditions: { full_name: `${NAME} time` },
      actions: [{ type: 'move', status: 'Contact Customer' }],
    };
    const dry = async () => (await call('admin', 'POST', '/api/automation-rules/dry-run', rule)).json();
    const { id: ruleId } = await createRule(rule);
    clock.advance({ days: 1 });
    await signInAgain(t, tokens);
    expect(await dry()).toEqual({ count: 0, ids: [] });
    expect(await t.app.automation.runDueRules()).toBe(0);

    clock.advance({ days: 1, minutes: 1 });
    await signInAgain(t, tokens);
    const auditBefore = await t.db('audit_events').count({ n: '*' }).first();
    expect(await dry()).toEqual({ count: 4, ids: [...ids].sort((a, b) => a - b) });
    expect(await t.db('audit_events').count({ n: '*' }).first()).toEqual(auditBefore);
    expect(await t.db('automation_runs').where({ rule_id: ruleId }).count({ n: '*' }).first()).toMatchObject({ n: 0 });

    // On MySQL a second app (its own pool) runs its pass at the same time: each order fires once. SQLite
    // has one writer: there the passes would only queue for it.
    const other = dialect === 'mysql' ? await buildApp({ config: t.config, clock }) : null;
    try {
      const fired = await Promise.all([t.app.automation.runDueRules(), other?.automation.runDueRules() ?? 0]);
      expect(fired[0] + fired[1]).toBe(4);
    } finally {
      await other?.close();
    }
    await t.app.automation.settled();
    for (const id of ids) expect((await order(id)).process_status).toBe('Contact Customer');
    expect(await t.db('automation_runs').where({ rule_id: ruleId }).count({ n: '*' }).first()).toMatchObject({ n: 4 });
    expect(await t.app.automation.runDueRules()).toBe(0);

    // Back into the status: a new entry, which fires again once its time has come.
    await move(ids[0]!, 'Awaiting');
    clock.advance({ days: 1 });
    await signInAgain(t, tokens);
    expect(await t.app.automation.runDueRules()).toBe(0);
    clock.advance({ days: 1, minutes: 1 });
    await signInAgain(t, tokens);
    expect(await t.app.automation.runDueRules()).toBe(1);
    expect((await order(ids[0]!)).process_status).toBe('Contact Customer');
    expect(
      await t.db('rule_firings').where({ rule_id: ruleId, order_id: ids[0] }).count({ n: '*' }).first(),
    ).toMatchObject({ n: 2 });
  });

  it('assigns round robin within the cap and least loaded, runs macros for the roles they name, and refuses a stale version', async () => {
    const now = nowUtc(clock.now());
    // Three Telecallers signed in lately, holding nothing; the demo ones are away.
    await t.db('team_members').where({ type: 'Telecaller' }).update({ last_login_at: null });
    for (const name of ['Tele A', 'Tele B', 'Tele C'])
      await t.db('team_members').insert({
        name,
        email: `${name.replace(' ', '.').toLowerCase()}@auto.test`,
        password_hash: 'x',
        type: 'Telecaller',
        token_version: 0,
        created_at: now,
        updated_at: now,
        last_login_at: now,
      });
    const teles: number[] = (
      await t.db('team_members').where('email', 'like', '%@auto.test').orderBy('id').pluck('id')
    ).map(Number);
    const macro = async (body: object) => {
      const res = await call('admin', 'POST', '/api/macros', body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as number;
    };
    const roundRobin = await macro({
      name: 'Round robin',
      roles: ['Admin'],
      actions: [{ type: 'assign', strategy: 'roundRobin', role: 'Telecaller', cap: 2 }],
    });
    const leastLoaded = await macro({
      name: 'Least loaded',
      roles: ['Admin'],
      actions: [{ type: 'assign', strategy: 'leastLoaded', role: 'Telecaller' }],
    });
    const handBack = await macro({ name: 'Hand back', roles: ['Admin'], actions: [{ type: 'unassign' }] });
    const run = async (role: string, orderId: number, macroId: number, version?: number) =>
      call(role, 'POST', `/api/orders/${orderId}/macros/${macroId}`, {
        version: version ?? (await order(orderId)).version,
      });

    const ids = await takeOrders(8, 'assign');
    for (const id of ids.slice(0, 6)) expect((await run('admin', id, roundRobin)).statusCode).toBe(200);
    const holders = await Promise.all(ids.slice(0, 6).map(async (id) => Number((await order(id)).assignee_id)));
    expect(holders).toEqual([...teles, ...teles]);
    // Each hears of the orders given to them, in the bell.
    for (const tele of teles)
      expect(
        await t.db('notifications').where({ member_id: tele, kind: 'assigned' }).orderBy('id').pluck('title'),
      ).toEqual(
        ids
          .slice(0, 6)
          .filter((_, i) => holders[i] === tele)
          .map((id) => `Order ${id} was assigned to you (Demo Admin).`),
      );
    const full = await run('admin', ids[6]!, roundRobin);
    expect(full.statusCode).toBe(409);
    expect((await order(ids[6]!)).assignee_id).toBeNull();

    expect((await run('admin', ids[1]!, handBack)).statusCode).toBe(200);
    expect((await run('admin', ids[7]!, leastLoaded)).statusCode).toBe(200);
    expect(Number((await order(ids[7]!)).assignee_id)).toBe(teles[1]);

    // A custom field set by a macro, checked as the order page checks it.
    const field = await call('admin', 'POST', '/api/order-fields', {
      id: 'chase_note',
      label: 'Chase note',
      type: 'text',
      max: 20,
    });
    expect(field.statusCode, field.body).toBe(200);
    const note = await macro({
      name: 'Note',
      roles: ['Admin'],
      actions: [{ type: 'setField', field: 'chase_note', value: 'called' }],
    });
    const tooLong = await macro({
      name: 'Long note',
      roles: ['Admin'],
      actions: [{ type: 'setField', field: 'chase_note', value: 'x'.repeat(21) }],
    });
    expect((await run('admin', ids[0]!, note)).statusCode).toBe(200);
    expect(await t.db('order_values').where({ order_id: ids[0], field_id: 'chase_note' }).first('value_text')).toEqual({
      value_text: 'called',
    });
    expect((await run('admin', ids[0]!, tooLong)).statusCode).toBe(400);

    // A Team member's macro: one change of the order (one version step, an event per action).
    const photo = await macro({
      name: 'Photo unreadable',
      roles: ['Team'],
      actions: [
        { type: 'move', status: 'Contact Customer' },
        { type: 'comment', text: 'The passport photo cannot be read.', flags: ['telephone'] },
      ],
    });
    const [target] = await takeOrders(1, 'macro');
    const choices = await call('team', 'GET', `/api/orders/${target}/macros`);
    expect(choices.json().data).toEqual([{ id: photo, name: 'Photo unreadable' }]);
    expect((await call('telecaller', 'GET', `/api/orders/${target}/macros`)).json().data).toEqual([]);
    expect((await run('telecaller', target!, photo)).statusCode).toBe(403);
    const seen = Number((await order(target!)).version);
    const comment = { orderId: target, remark: 'Called, no answer.' };
    expect((await call('manager', 'POST', '/api/admin/add-new-remark', comment)).statusCode).toBe(200);
    const before = await order(target!);
    const stale = await run('team', target!, photo, seen);
    expect(stale.statusCode).toBe(409);
    expect(await order(target!)).toEqual(before);
    const done = await run('team', target!, photo);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual([
      { type: 'move', done: true },
      { type: 'comment', done: true },
    ]);
    const after = await order(target!);
    expect(after).toMatchObject({ process_status: 'Contact Customer', version: Number(before.version) + 1 });
    const [remark] = await t.db('remarks').where({ order_id: target }).orderBy('id', 'desc');
    expect(remark).toMatchObject({
      remark: 'The passport photo cannot be read.',
      telephone: 'Y',
      whatsapp: 'N',
      remark_name: 'Demo Team',
    });
    const events = await t
      .db('audit_events')
      .where({ order_id: target })
      .where('id', '>', 0)
      .orderBy('id')
      .select('action', 'detail');
    expect(events.slice(-2)).toEqual([
      { action: 'move', detail: JSON.stringify({ macro: photo }) },
      { action: 'comment', detail: 'The passport photo cannot be read.' },
    ]);
    expect((await runsOf(target!)).map((r) => r.macro_id)).toEqual([photo]);
  });

  it('keeps SLA policies for Admins only: the two the environment described, and refuses a bad one naming the field', async () => {
    expect((await call('manager', 'GET', '/api/sla-policies')).statusCode).toBe(403);
    const listed = await call('admin', 'GET', '/api/sla-policies');
    expect(listed.json()).toEqual([
      expect.objectContaining({ name: 'Priority', conditions: { processing_mode: 'Priority' }, targetMinutes: 120 }),
      expect.objectContaining({
        name: 'Standard',
        conditions: {},
        targetMinutes: 1440,
        pauseStatuses: ['Awaiting', 'AwaitingGovt'],
      }),
    ]);
    const policy = {
      name: 'Priority, business hours',
      conditions: { processing_mode: 'Priority' },
      targetMinutes: 120,
      pauseStatuses: ['Awaiting'],
      businessHours: { timeZone: 'Asia/Bangkok', days: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' },
      holidays: ['2026-12-31'],
      breachActions: [{ type: 'move', status: 'Contact Customer' }],
    };
    const created = await call('admin', 'POST', '/api/sla-policies', policy);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ ...policy, warnAtPercent: 75 });
    const id = created.json().id as number;
    const changed = await call('admin', 'PUT', `/api/sla-policies/${id}`, { ...policy, targetMinutes: 90 });
    expect(changed.json().targetMinutes).toBe(90);
    const refusals: Array<[object, RegExp]> = [
      [{ ...policy, businessHours: { ...policy.businessHours, timeZone: 'Mars/Olympus' } }, /businessHours\.timeZone/],
      [{ ...policy, businessHours: { ...policy.businessHours, end: '08:00' } }, /businessHours\.end/],
      [{ ...policy, holidays: ['31/12/2026'] }, /holidays/],
      [{ ...policy, breachActions: [{ type: 'move', status: 'Nowhere' }] }, /breachActions\.0\.status/],
      [{ ...policy, targetMinutes: 0 }, /targetMinutes/],
    ];
    for (const [bad, message] of refusals) {
      const res = await call('admin', 'POST', '/api/sla-policies', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await call('admin', 'DELETE', `/api/sla-policies/${id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/api/sla-policies/${id}`)).statusCode).toBe(404);
  });

  it('sends a webhook signed with HMAC-SHA256 through the outbox, retrying a failure', async () => {
    const received: Array<{ body: string; signature: string }> = [];
    let answers = [500, 200];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push({ body, signature: String(req.headers[SIGNATURE_HEADER]) });
        res.statusCode = answers.shift() ?? 200;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      const macro = await call('admin', 'POST', '/api/macros', {
        name: 'Tell the CRM',
        roles: ['Admin'],
        actions: [{ type: 'webhook', url }],
      });
      const [id] = await takeOrders(1, 'webhook');
      const res = await call('admin', 'POST', `/api/orders/${id}/macros/${macro.json().id}`, {
        version: (await order(id!)).version,
      });
      expect(res.statusCode, res.body).toBe(200);
      const worker = createWebhookWorker({
        db: t.db,
        config: t.config,
        clock,
        log: { warn: () => undefined, error: () => undefined },
      });
      expect(await worker.runOnce()).toBe(1);
      const row = () => t.db('webhook_outbox').where({ order_id: id }).first();
      expect(await row()).toMatchObject({ state: 'queued', attempts: 1, last_error: 'The receiver answered 500.' });
      expect(await worker.runOnce()).toBe(0); // not due before its retry delay
      clock.advance({ ms: t.config.mailRetryBaseMs });
      expect(await worker.runOnce()).toBe(1);
      expect(await row()).toMatchObject({ state: 'sent', attempts: 2 });
      expect(received).toHaveLength(2);
      const { body, signature } = received[1]!;
      expect(signature).toBe(
        `sha256=${crypto.createHmac('sha256', t.config.webhookSigningSecret).update(body).digest('hex')}`,
      );
      expect(JSON.parse(body)).toMatchObject({ macro: macro.json().id, order: { id, status: 'New' } });
      await worker.stop();
    } finally {
      answers = [];
      server.close();
    }
  });
});
