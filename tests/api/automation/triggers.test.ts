import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dayjs, DB_DATETIME, nowUtc } from '@app/domain';
import { ManualClock } from '../../../api/src/core/clock.js';
import { createTestApp, signInAgain, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { createRule as createScenarioRule, takeOrders as takeScenarioOrders } from './scenario.js';

/** Orders the scenarios own are named so; rules' conditions pick them by that name. */
const NAME = 'Trigger Test';

/**
 * The triggers raised outside the change path (an order arriving, a mail bouncing) and time rules that
 * count from a custom date or datetime field.
 */
describe.each(dialects())('rule triggers on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
    ({ tokens } = await signInDemoAccounts(t));
    for (const field of [
      { id: 'arrival_at', label: 'Arrival at', type: 'datetime' },
      { id: 'visa_until', label: 'Visa until', type: 'date' },
      { id: 'chase_text', label: 'Chase text', type: 'text' },
    ]) {
      const res = await call('admin', 'POST', '/api/order-fields', {
        ...field,
        readRoles: ['Admin', 'Manager', 'Team'],
        editRoles: ['Admin'],
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => t?.close());
  afterEach(async () => {
    for (const rule of (await call('admin', 'GET', '/api/automation-rules')).json() as Array<{ id: number }>)
      expect((await call('admin', 'DELETE', `/api/automation-rules/${rule.id}`)).statusCode).toBe(200);
  });

  const call = (role: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.call(tokens[role]!, { method, url, ...(payload ? { payload } : {}) });
  const remarksOf = (orderId: number) => t.db('remarks').where({ order_id: orderId }).orderBy('id').pluck('remark');
  const at = (offset: { days?: number; hours?: number; minutes?: number }) =>
    dayjs
      .utc(clock.now())
      .add(offset.days ?? 0, 'day')
      .add(offset.hours ?? 0, 'hour')
      .add(offset.minutes ?? 0, 'minute');
  const advance = async (offset: { days?: number; hours?: number; minutes?: number }) => {
    clock.advance(offset);
    await signInAgain(t, tokens);
  };

  const takeOrders = (count: number, tag: string) => takeScenarioOrders(t, count, `${NAME} ${tag}`, NAME);
  const createRule = (body: object) => createScenarioRule(t, tokens.admin!, body);

  /** An order as a sales site writes it: a row of its own, straight into the database, created now. */
  async function arrive(tag: string, createdAt = clock.now()) {
    const { order_id: from } = await t.db('orders').orderBy('order_id', 'desc').first('order_id');
    const template = await t.db('orders').where({ order_id: from }).first();
    const id = Number(from) + 1;
    await t.db('orders').insert({
      ...template,
      order_id: id,
      full_name: `${NAME} ${tag}`,
      process_status: 'New',
      assignee_id: null,
      assign_to: null,
      version: 0,
      status_entered_at: null,
      created_at: nowUtc(createdAt),
    });
    return id;
  }

  const setValue = async (orderId: number, values: Record<string, unknown>) => {
    const { version } = await t.db('orders').where({ order_id: orderId }).first('version');
    const res = await call('admin', 'PUT', `/api/orders/${orderId}`, { ...values, version: Number(version) });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('fires order.created rules once on each order that arrives after the rule, from the worker pass', async () => {
    const before = await arrive('arrival');
    const rule = await createRule({
      name: 'Welcome',
      trigger: { type: 'event', event: 'order.created' },
      conditions: { full_name: `${NAME} arrival` },
      actions: [{ type: 'comment', text: 'New order arrived.' }],
    });
    await advance({ minutes: 5 });
    const [first, second] = [await arrive('arrival'), await arrive('arrival')];
    expect(await t.app.automation.runDueRules()).toBe(2);
    expect(await remarksOf(first)).toEqual(['New order arrived.']);
    expect(await remarksOf(second)).toEqual(['New order arrived.']);
    // Already there when the rule was saved: not an arrival it waits for.
    expect(await remarksOf(before)).toEqual([]);
    expect(await t.app.automation.runDueRules()).toBe(0);
    // An order written a minute late (its creation time before the last pass) is still seen once.
    const late = await arrive('arrival', at({ minutes: -1 }).toDate());
    expect(await t.app.automation.runDueRules()).toBe(1);
    expect(await remarksOf(late)).toEqual(['New order arrived.']);
    expect(await t.db('automation_runs').where({ rule_id: rule.id }).count({ n: '*' }).first()).toMatchObject({ n: 3 });
  });

  it('runs a rule from the pass while its trigger is timed, and keeps which rules are timed with the trigger', async () => {
    const body = {
      name: 'Retimed',
      conditions: { full_name: `${NAME} retimed` },
      actions: [{ type: 'comment', text: 'Seen by the pass.' }],
    };
    const rule = await createRule({ ...body, trigger: { type: 'event', event: 'order.moved' } });
    const timed = async () =>
      Boolean(Number((await t.db('automation_rules').where({ id: rule.id }).first('timed')).timed));
    expect(await timed()).toBe(false);
    const onEvent = async (event: string) => {
      const res = await call('admin', 'PUT', `/api/automation-rules/${rule.id}`, {
        ...body,
        trigger: { type: 'event', event },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await onEvent('order.created');
    expect(await timed()).toBe(true);
    await advance({ minutes: 5 });
    const arrived = await arrive('retimed');
    expect(await t.app.automation.runDueRules()).toBe(1);
    expect(await remarksOf(arrived)).toEqual(['Seen by the pass.']);
    await onEvent('order.moved');
    expect(await timed()).toBe(false);
    await advance({ minutes: 5 });
    const unseen = await arrive('retimed');
    expect(await t.app.automation.runDueRules()).toBe(0);
    expect(await remarksOf(unseen)).toEqual([]);
  });

  it('fires a time rule on New for orders the sites wrote (no status_entered_at) from their creation, once, by an index', async () => {
    const old = await arrive('written', at({ hours: -3 }).toDate());
    const recent = await arrive('written', at({ minutes: -30 }).toDate());
    const body = {
      name: 'New for two hours',
      trigger: { type: 'time', status: 'New', afterMinutes: 120 },
      conditions: { full_name: `${NAME} written` },
      actions: [{ type: 'comment', text: 'Still new after two hours.' }],
    };
    const dry = await call('admin', 'POST', '/api/automation-rules/dry-run', body);
    expect(dry.json()).toEqual({ count: 1, ids: [old] });
    await createRule(body);
    const queries: Array<{ sql: string; bindings: unknown[] }> = [];
    const capture = (q: { sql: string; bindings: unknown[] }) => queries.push(q);
    t.db.on('query', capture);
    try {
      expect(await t.app.automation.runDueRules()).toBe(1);
    } finally {
      t.db.off('query', capture);
    }
    expect(await remarksOf(old)).toEqual(['Still new after two hours.']);
    expect(await remarksOf(recent)).toEqual([]);
    expect(await t.app.automation.runDueRules()).toBe(0);
    await advance({ hours: 2 });
    expect(await t.app.automation.runDueRules()).toBe(1);
    expect(await remarksOf(recent)).toEqual(['Still new after two hours.']);
    expect(await remarksOf(old)).toEqual(['Still new after two hours.']);
    if (dialect !== 'mysql') return;
    // The orders written by the sites are one range of (process_status, status_entered_at, created_at), sorted by it.
    const read = queries.find((q) => /`status_entered_at` is null/.test(q.sql) && /order by/.test(q.sql));
    const [plan] = await t.db.raw(`EXPLAIN ${read!.sql}`, read!.bindings as never);
    const orders = (plan as Array<{ table: string; type: string; key: string | null; Extra: string | null }>).filter(
      (row) => row.table === 'orders',
    );
    // The condition's index may filter the range's rows beside it (a rowid filter: "key1|key2").
    expect(
      orders.map((row) => [row.type.split('|')[0], row.key?.split('|')[0]]),
      JSON.stringify(plan),
    ).toEqual([['range', 'orders_status_since']]);
    expect(orders[0]!.Extra ?? '').not.toMatch(/filesort/);
  });

  it('fires mail.bounced rules once per mail of an order, after the delivery event commits', async () => {
    const [orderId] = await takeOrders(1, 'bounce');
    await createRule({
      name: 'Bounced',
      trigger: { type: 'event', event: 'mail.bounced' },
      conditions: { full_name: `${NAME} bounce` },
      actions: [{ type: 'comment', text: 'The mail bounced: call the customer.' }],
    });
    const now = nowUtc(clock.now());
    const [mailId] = await t.db('mail_outbox').insert(
      {
        order_id: orderId,
        kind: 'chase',
        provider: 'Sendgrid',
        to_email: 'nobody@example.com',
        subject: 'Chase',
        payload: '{}',
        state: 'sent',
        attempts: 1,
        next_attempt_at: now,
        created_at: now,
        provider_message_id: 'sg-bounce-1',
      },
      ['id'],
    );
    const event = (key: string, type: 'bounced' | 'dropped' | 'delivered') => ({
      provider: 'Sendgrid' as const,
      key,
      type,
      messageId: null,
      providerMessageId: 'sg-bounce-1',
      occurredAt: now,
      detail: '550 no such user',
    });
    const record = t.app.webhooksService.recordDeliveryEvents;
    await record(t.app, [event('e1', 'delivered')]);
    await t.app.automation.settled();
    expect(await remarksOf(orderId!)).toEqual([]);
    await record(t.app, [event('e2', 'bounced'), event('e2', 'bounced')]);
    await record(t.app, [event('e3', 'dropped')]);
    await t.app.automation.settled();
    expect(await remarksOf(orderId!)).toEqual(['The mail bounced: call the customer.']);
    const mail = await t
      .db('mail_outbox')
      .where({ id: typeof mailId === 'object' ? mailId.id : mailId })
      .first('bounced_at');
    expect(mail.bounced_at).not.toBeNull();
  });

  it('refuses a time trigger on a field that is no custom date or datetime, naming the field', async () => {
    const body = (trigger: object) => ({
      name: 'Before arrival',
      trigger: { type: 'time', afterMinutes: -60, ...trigger },
      actions: [{ type: 'comment', text: 'x' }],
    });
    for (const [trigger, message] of [
      [{ field: 'chase_text' }, /trigger\.field: .*chase_text.*custom date or datetime/],
      [{ field: 'date_of_arrival' }, /trigger\.field: .*date_of_arrival/],
      [{ field: 'no_such' }, /trigger\.field: .*no_such/],
      [{ field: 'arrival_at', status: 'Awaiting' }, /trigger\.status/],
      [{ status: 'Awaiting' }, /trigger\.afterMinutes/],
    ] as const) {
      const res = await call('admin', 'POST', '/api/automation-rules', body(trigger));
      expect(res.statusCode, JSON.stringify(trigger)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await call('admin', 'POST', '/api/automation-rules', body({ field: 'visa_until' }))).statusCode).toBe(200);
  });

  it('fires a field rule once per value, before or after it, re-armed when the value changes', async () => {
    clock.set(new Date());
    await signInAgain(t, tokens);
    const [soon, later, setLate, none] = await takeOrders(4, 'field');
    const time = (offset: Parameters<typeof at>[0]) => at(offset).format(DB_DATETIME);
    await setValue(soon!, { arrival_at: time({ days: 1 }) });
    await setValue(later!, { arrival_at: time({ days: 5 }) });
    const rule = {
      name: 'Two days before arrival',
      trigger: { type: 'time', field: 'arrival_at', afterMinutes: -2880 },
      conditions: { full_name: `${NAME} field` },
      actions: [{ type: 'comment', text: 'Arrival in two days.' }],
    };
    const dry = await call('admin', 'POST', '/api/automation-rules/dry-run', rule);
    expect(dry.json()).toEqual({ count: 1, ids: [soon] });
    const { id: ruleId } = await createRule(rule);
    expect(await t.app.automation.runDueRules()).toBe(1);
    expect(await remarksOf(soon!)).toEqual(['Arrival in two days.']);
    expect(await t.app.automation.runDueRules()).toBe(0);

    await advance({ days: 2, hours: 23 });
    expect(await t.app.automation.runDueRules()).toBe(0);
    await advance({ hours: 1, minutes: 1 });
    expect(await t.app.automation.runDueRules()).toBe(1);
    expect(await remarksOf(later!)).toEqual(['Arrival in two days.']);

    // Set after the last pass to a time already within two days: found by when it was set.
    await setValue(setLate!, { arrival_at: time({ hours: 30 }) });
    await advance({ minutes: 1 });
    expect(await t.app.automation.runDueRules()).toBe(1);
    expect(await remarksOf(setLate!)).toEqual(['Arrival in two days.']);

    // A new value arms the rule again; the same value, or none, does not.
    await setValue(later!, { arrival_at: time({ days: 4 }) });
    await setValue(none!, { arrival_at: null });
    await advance({ days: 1, minutes: 1 });
    expect(await t.app.automation.runDueRules()).toBe(0);
    await advance({ days: 1 });
    expect(await t.app.automation.runDueRules()).toBe(1);
    expect(await remarksOf(later!)).toEqual(['Arrival in two days.', 'Arrival in two days.']);
    expect(await t.app.automation.runDueRules()).toBe(0);
    expect(await remarksOf(none!)).toEqual([]);
    expect(await t.db('rule_firings').where({ rule_id: ruleId }).count({ n: '*' }).first()).toMatchObject({ n: 4 });
  });

  it('counts a date field from its midnight UTC, once', async () => {
    const [id] = await takeOrders(1, 'date');
    const day = at({ days: 2 }).format('YYYY-MM-DD');
    await setValue(id!, { visa_until: day });
    await createRule({
      name: 'Visa ends',
      trigger: { type: 'time', field: 'visa_until', afterMinutes: 60 },
      conditions: { full_name: `${NAME} date` },
      actions: [{ type: 'comment', text: 'Visa ended an hour ago.' }],
    });
    clock.set(dayjs.utc(`${day} 00:59:00`).toDate());
    await signInAgain(t, tokens);
    expect(await t.app.automation.runDueRules()).toBe(0);
    await advance({ minutes: 1 });
    expect(await t.app.automation.runDueRules()).toBe(1);
    expect(await t.app.automation.runDueRules()).toBe(0);
    await advance({ days: 1 });
    expect(await t.app.automation.runDueRules()).toBe(0);
    expect(await remarksOf(id!)).toEqual(['Visa ended an hour ago.']);
  });
});
