import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCustomValue, customFieldDefinition, normalizeFieldRecord } from '@app/domain';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

type Row = Record<string, unknown>;
type Answer = { statusCode: number; body: string; json(): { message: string; problems?: unknown[] } };

/**
 * What an Admin's configuration and a value of a custom field may hold, tried as an attacker would: a
 * pattern that backtracks without end, an import of ten thousand records, zero limits, values of the
 * wrong JSON type, dates that are not real and labels that hide what they say.
 */
describe.each(dialects())('configuration input on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let orderIds: number[];

  const call = (role: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.call(tokens[role]!, { method, url, payload });
  const versionOf = async (id: number) => Number((await t.db('orders').where({ order_id: id }).first()).version);
  const setValues = async (role: string, id: number, values: Row) =>
    call(role, 'PUT', `/api/orders/${id}`, { ...values, version: await versionOf(id) });
  const refused = (res: Answer, message: RegExp) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
  };
  /** A request timed with /api/health sent while it runs: both must answer promptly. */
  const timedWithHealth = async (request: () => Promise<Answer>) => {
    const started = performance.now();
    const pending = request().then((res) => ({ res, ms: performance.now() - started }));
    const healthStarted = performance.now();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const healthMs = performance.now() - healthStarted;
    expect(health.statusCode).toBe(200);
    return { ...(await pending), healthMs };
  };
  const created = async (field: Row) => {
    const res = await call('admin', 'POST', '/api/order-fields', field);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as unknown as Row;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ tokens } = await signInDemoAccounts(t));
    orderIds = (await t.db('orders').whereNot({ process_status: 'Deleted' }).orderBy('order_id', 'desc').limit(20)).map(
      (o: Row) => Number(o.order_id),
    );
  });
  afterAll(() => t?.close());

  it('checks a pattern in linear time: a backtracking pattern neither blocks a value check nor a narrowing', async () => {
    const edit = { readRoles: ['Admin', 'Manager', 'Team'], editRoles: ['Admin', 'Team'], filter: true };
    await created({ id: 'redos', label: 'R', type: 'text', pattern: '(a+)+', ...edit });
    for (const length of [30, 191]) {
      const value = `${'a'.repeat(length - 1)}!`;
      const { res, ms, healthMs } = await timedWithHealth(() => setValues('team', orderIds[0]!, { redos: value }));
      refused(res, /^redos must match the pattern/);
      expect(healthMs, `health while a ${length}-character value is checked`).toBeLessThan(100);
      expect(ms, `a ${length}-character value`).toBeLessThan(1000);
      // The check itself, apart from the request around it.
      const field = customFieldDefinition(normalizeFieldRecord({ id: 'redos', type: 'text', pattern: '(a+)+' }));
      const started = performance.now();
      expect(checkCustomValue(field, 'text', value)).toEqual({ problem: 'must match the pattern (a+)+.' });
      expect(performance.now() - started).toBeLessThan(50);
    }
    expect((await setValues('team', orderIds[0]!, { redos: 'aaaa' })).statusCode).toBe(200);

    // Stored values are checked against a narrowed pattern with the same engine.
    await created({ id: 'narrowed', label: 'N', type: 'text', ...edit });
    for (const id of orderIds.slice(0, 10))
      expect((await setValues('admin', id, { narrowed: `${'a'.repeat(60)}!` })).statusCode).toBe(200);
    const { res, healthMs } = await timedWithHealth(() =>
      call('admin', 'PUT', '/api/order-fields/narrowed', { pattern: '(a+)+' }),
    );
    refused(res, /10 values of N break the new rules/);
    expect(healthMs).toBeLessThan(100);

    // What the linear-time engine cannot run (back-references, look-arounds) is refused when saved.
    for (const pattern of ['(a)\\1', '(?=a)a', '(?<!b)a'])
      refused(
        await call('admin', 'POST', '/api/order-fields', { id: 'p', label: 'P', type: 'text', pattern }),
        /pattern/,
      );
  });

  it('refuses an import over the limits at once, with few problems', async () => {
    const fields = Array.from({ length: 10_000 }, (_, i) => ({ id: `f${i}`, label: 'F', type: 'text', filter: true }));
    const queues = Array.from({ length: 10_000 }, (_, i) => ({ id: `q${i}`, name: 'Q' }));
    const body = JSON.stringify({ version: 1, fields, queues });
    const kept = (await t.db('order_fields').where({ built_in: false }).pluck('id')).length;
    expect(body.length).toBeLessThan(1024 * 1024);
    const { res, ms, healthMs } = await timedWithHealth(() =>
      t.call(tokens.admin!, {
        method: 'POST',
        url: '/api/configuration/import?dryRun=true',
        payload: body,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(ms).toBeLessThan(1000);
    expect(healthMs).toBeLessThan(1000);
    expect(res.json().problems).toEqual([
      // The custom fields kept and left out of the document count too: they stay, removed.
      { path: 'fields', message: `At most 100 custom fields (removed ones count): this has ${10_000 + kept}.` },
      { path: 'queues', message: 'At most 50 custom queues: this has 10000.' },
    ]);
    // Under the limits, every problem is told up to a hundred.
    const bad = Array.from({ length: 90 }, (_, i) => ({ id: `B${i}`, label: '', type: 'nope' }));
    const capped = await call('admin', 'POST', '/api/configuration/import?dryRun=true', { fields: bad, queues: [] });
    expect(capped.statusCode).toBe(400);
    expect(capped.json().problems).toHaveLength(100);
  });

  it('keeps a zero limit and refuses values of the wrong JSON type instead of converting them', async () => {
    const edit = { readRoles: ['Admin', 'Manager', 'Team'], editRoles: ['Admin', 'Team'] };
    expect(await created({ id: 'floor', label: 'Floor', type: 'number', min: 0, max: 10, ...edit })).toMatchObject({
      min: 0,
    });
    expect(await created({ id: 'ceiling', label: 'Ceiling', type: 'number', max: 0, ...edit })).toMatchObject({
      max: 0,
    });
    refused(await setValues('team', orderIds[1]!, { floor: -5 }), /^floor must be at least 0/);
    refused(await setValues('team', orderIds[1]!, { ceiling: 5 }), /^ceiling must be at most 0/);
    expect((await setValues('team', orderIds[1]!, { floor: 0, ceiling: -1 })).statusCode).toBe(200);

    const field = { id: 'typed', label: 'Typed', type: 'text' };
    refused(await call('admin', 'POST', '/api/order-fields', { ...field, label: 5 }), /^label /);
    refused(await call('admin', 'POST', '/api/order-fields', { ...field, type: ['text'] }), /^type /);
    refused(
      await call('admin', 'POST', '/api/order-fields', { ...field, type: 'choice', choices: [1, 2] }),
      /^choices /,
    );
    refused(await call('admin', 'PUT', '/api/order-fields/floor', { required: 'true' }), /^required /);
    expect(await t.db('order_fields').where({ id: 'typed' })).toEqual([]);
  });

  it('refuses dates that are not on the calendar, in values and in list filters', async () => {
    const edit = { readRoles: ['Admin', 'Manager', 'Team'], editRoles: ['Admin', 'Team'], filter: true };
    await created({ id: 'due_on', label: 'Due on', type: 'date', ...edit });
    await created({ id: 'due_at', label: 'Due at', type: 'datetime', ...edit });
    const id = orderIds[2]!;
    refused(await setValues('team', id, { due_at: '2026-13-45 99:99:99' }), /^due_at must be a date and time/);
    refused(await setValues('team', id, { due_at: '2026-02-30 10:00:00' }), /^due_at must be a date and time/);
    refused(await setValues('team', id, { due_at: '2026-02-28T24:30:00Z' }), /^due_at must be a date and time/);
    refused(await setValues('team', id, { due_on: '2026-02-30' }), /^due_on must be a date/);
    const kept = await setValues('team', id, { due_at: '2026-02-28T23:30:00-01:00', due_on: '2028-02-29' });
    expect(kept.json()).toMatchObject({ due_at: '2026-03-01 00:30:00', due_on: '2028-02-29' });
    for (const filter of [
      { due_at_gte: '2026-13-01' },
      { due_at_lte: '2026-02-30 10:00:00' },
      { due_on_gte: '2026-02-30' },
    ])
      refused(
        await call('team', 'GET', `/api/orders?filter=${encodeURIComponent(JSON.stringify(filter))}`),
        new RegExp(Object.keys(filter)[0]!),
      );
  });

  it('refuses labels that are blank or carry bidirectional controls, naming the field', async () => {
    const field = { id: 'spoof', type: 'text' };
    for (const [key, value] of [
      ['label', '   '],
      ['label', 'Amount\u202E'],
      ['labelFr', 'Montant\u2066x\u2069'],
      ['label', '\u200FName'],
    ] as const)
      refused(
        await call('admin', 'POST', '/api/order-fields', { ...field, label: 'Spoof', [key]: value }),
        new RegExp(key),
      );
    refused(
      await call('admin', 'POST', '/api/order-fields', { ...field, type: 'choice', label: 'C', choices: ['A\u202Eb'] }),
      /^Each choice is one line/,
    );
    refused(
      await call('admin', 'POST', '/api/custom-queues', {
        id: 'q',
        name: ' ',
        statuses: ['Processed'],
        roles: ['Admin'],
      }),
      /name/,
    );
    refused(await call('admin', 'PUT', '/api/order-fields/full_name', { label: '\u202Eeman' }), /label/);
    expect(await t.db('order_fields').where({ id: 'spoof' })).toEqual([]);
  });
});
