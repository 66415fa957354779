import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../../api/src/app.js';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { tableChecksums } from '../../helpers/checksum.js';
import { eventually } from '../../helpers/heldStream.js';
import { openLiveStream, type LiveStreamClient } from '../../helpers/liveStream.js';
import { REDIS_URL } from '../../setup/redis.js';

/**
 * The configuration as data and as every process sees it: export from one database and
 * import into a fresh one gives the same export and the same screens (registry); a dry run of a bad
 * document lists every problem and changes nothing; a document over 1 MB is refused; and a second
 * app on the same database (another process) sees a change: at once through the bus and its live
 * stream (Redis), or by its own version check (no Redis).
 */
const configuredFields = [
  {
    id: 'visa_type',
    label: 'Visa type',
    labelFr: 'Type de visa',
    type: 'choice',
    choices: ['Tourist', 'Business', 'Transit'],
    readRoles: ['Admin', 'Manager', 'Team'],
    editRoles: ['Admin', 'Team'],
    column: true,
    columnDefault: true,
    filter: true,
    sortable: true,
  },
  {
    id: 'callback_at',
    label: 'Callback at',
    type: 'date',
    readRoles: ['Admin', 'Manager', 'Team', 'Telecaller'],
    editRoles: ['Admin', 'Manager', 'Team', 'Telecaller'],
    column: true,
    columnDefault: false,
    filter: true,
    sortable: true,
    section: 'orderDetails',
  },
  { id: 'risk_note', label: 'Risk note', type: 'longText', help: 'What the risk is, in a sentence.' },
];
const priorityQueue = {
  name: 'Priority, Awaiting Customer, Business',
  statuses: ['Contact Customer'],
  filter: { processing_mode: 'Priority', visa_type: 'Business' },
  roles: ['Admin', 'Manager', 'Team'],
  icon: 'flag',
};

const checksumsOf = async (t: TestApp) => {
  const sums = await tableChecksums(t.db);
  return ['order_fields', 'custom_queues', 'order_values', 'custom_queue_orders', 'audit_events', 'settings'].map(
    (n) => sums[n],
  );
};

describe.each(dialects())('configuration export and import on %s', (dialect) => {
  let source: TestApp;
  let target: TestApp;
  const tokens = { source: {} as Record<string, string>, target: {} as Record<string, string> };
  const call = (where: 'source' | 'target', role: string, options: InjectOptions) =>
    (where === 'source' ? source : target).call(tokens[where][role]!, options);
  const registryOf = async (where: 'source' | 'target', role: string) =>
    (await call(where, role, { method: 'GET', url: '/api/admin/registry' })).json().data;
  const exportOf = async (where: 'source' | 'target') => {
    const res = await call(where, 'admin', { method: 'GET', url: '/api/configuration/export' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const importInto = (where: 'source' | 'target', document: unknown, dryRun: boolean) =>
    call(where, 'admin', {
      method: 'POST',
      url: `/api/configuration/import?dryRun=${dryRun}`,
      payload: document as object,
    });

  beforeAll(async () => {
    [source, target] = await Promise.all([createTestApp(dialect), createTestApp(dialect)]);
    ({ tokens: tokens.source } = await signInDemoAccounts(source));
    ({ tokens: tokens.target } = await signInDemoAccounts(target));
    for (const field of configuredFields) {
      const res = await call('source', 'admin', { method: 'POST', url: '/api/order-fields', payload: field });
      expect(res.statusCode, res.body).toBe(200);
    }
    const removed = await call('source', 'admin', { method: 'DELETE', url: '/api/order-fields/risk_note' });
    expect(removed.statusCode, removed.body).toBe(200);
    const overridden = await call('source', 'admin', {
      method: 'PUT',
      url: '/api/order-fields/occupation',
      payload: { label: 'Job', readRoles: ['Admin', 'Manager', 'Team'], columnDefault: false, position: 1 },
    });
    expect(overridden.statusCode, overridden.body).toBe(200);
    const queue = await call('source', 'admin', { method: 'POST', url: '/api/custom-queues', payload: priorityQueue });
    expect(queue.statusCode, queue.body).toBe(200);
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('exports custom fields (removed ones too), built-in overrides only, and custom queues', async () => {
    const document = await exportOf('source');
    expect(document.version).toBe(1);
    expect(document.fields.map((f: { id: string }) => f.id).sort()).toEqual(
      ['callback_at', 'occupation', 'risk_note', 'visa_type'].sort(),
    );
    expect(document.fields.find((f: { id: string }) => f.id === 'risk_note')).toMatchObject({ removed: true });
    expect(document.fields.find((f: { id: string }) => f.id === 'occupation')).toMatchObject({
      builtIn: true,
      type: 'text',
      label: 'Job',
      columnDefault: false,
    });
    expect(document.queues).toEqual([{ ...priorityQueue, id: 'priority-awaiting-customer-business', position: 10 }]);
    for (const record of document.fields) expect(record).not.toHaveProperty('defaults');
  });

  it('imports into a fresh database after a dry run: the same export, the same screens', async () => {
    const document = await exportOf('source');
    const before = await checksumsOf(target);
    const dry = await importInto('target', document, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toEqual({
      dryRun: true,
      problems: [],
      changes: {
        fields: { added: ['visa_type', 'callback_at', 'risk_note'].sort(), changed: [], removed: [], restored: [] },
        builtIns: { changed: ['occupation'], restored: [] },
        queues: { added: ['priority-awaiting-customer-business'], changed: [], removed: [] },
      },
    });
    expect(await checksumsOf(target)).toEqual(before);

    const applied = await importInto('target', document, false);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data.dryRun).toBe(false);
    expect(await exportOf('target')).toEqual(document);
    for (const role of ['admin', 'team', 'telecaller'])
      expect(await registryOf('target', role)).toEqual(await registryOf('source', role));
    const queues = async (where: 'source' | 'target') =>
      (await call(where, 'team', { method: 'GET', url: '/api/admin/custom-queues' })).json().data;
    expect(await queues('target')).toEqual(await queues('source'));

    // Importing the same document again changes nothing, and records nothing.
    const audit = await target
      .db('audit_events')
      .where({ action: 'config-import' })
      .select('member_name', 'order_id', 'detail');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ member_name: 'Demo Admin', order_id: null });
    expect(Object.keys(JSON.parse(audit[0].detail))).toEqual(['id', 'before', 'after']);
    const again = await checksumsOf(target);
    expect((await importInto('target', document, false)).statusCode).toBe(200);
    expect(await checksumsOf(target)).toEqual(again);
  });

  it('lists every problem of a bad document, in a dry run and when applied, and changes nothing', async () => {
    const document = await exportOf('target');
    const before = await checksumsOf(target);
    const bad = {
      ...document,
      colour: 'red',
      fields: [
        ...document.fields,
        { id: 'shoe_size', label: 'Shoe size', type: 'size' },
        { id: 'email', label: 'Email again', type: 'text' },
        { id: 'many', label: 'Many', type: 'choice', choices: Array.from({ length: 201 }, (_, i) => `c${i}`) },
        { id: 'email', builtIn: true, readRoles: ['Admin'] },
      ],
      queues: [...document.queues, { id: 'odd', name: 'Odd', statuses: ['New'], roles: ['Team'], filter: { nope: 1 } }],
    };
    for (const dryRun of [true, false]) {
      const res = await importInto('target', bad, dryRun);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().status).toBe(0);
      expect(res.json().message).toMatch(/^The configuration has 1 problem; nothing was changed\. colour: /);
      const shape = res.json().problems;
      expect(shape).toEqual([{ path: 'colour', message: 'colour is not part of a configuration.' }]);
    }
    const { colour: _colour, ...rest } = bad;
    for (const dryRun of [true, false]) {
      const res = await importInto('target', rest, dryRun);
      expect(res.statusCode, res.body).toBe(400);
      const problems = res.json().problems as Array<{ path: string; message: string }>;
      expect(problems.map((p) => p.path).sort()).toEqual(
        [
          'fields.shoe_size.type',
          'fields.email.id',
          'fields.many.choices',
          'fields.email.readRoles',
          'fields.email.id',
          'queues.odd.filter.nope',
        ].sort(),
      );
      expect(res.json().message).toMatch(/^The configuration has 6 problems; nothing was changed\./);
    }
    expect(await checksumsOf(target)).toEqual(before);
  });

  it('refuses a type change in an import while values cannot follow, counting them', async () => {
    const document = await exportOf('target');
    const orders: number[] = await target.db('orders').orderBy('order_id').limit(2).pluck('order_id');
    await target
      .db('order_values')
      .insert(orders.map((order_id) => ({ order_id, field_id: 'visa_type', value_text: 'Business' })));
    const before = await checksumsOf(target);
    const changed = {
      ...document,
      fields: document.fields.map((f: { id: string }) =>
        f.id === 'visa_type' ? { ...f, type: 'number', choices: null } : f,
      ),
    };
    const res = await importInto('target', changed, true);
    expect(res.statusCode).toBe(400);
    expect(res.json().problems).toContainEqual({
      path: 'fields.visa_type.type',
      message: '2 values of Visa type cannot be read as number; change or clear them first.',
    });
    expect(await checksumsOf(target)).toEqual(before);
  });

  it('refuses a document over 1 MB, naming the limit, and changes nothing', async () => {
    const before = await checksumsOf(target);
    const document = await exportOf('target');
    const padded = {
      ...document,
      fields: [...document.fields, { id: 'pad', label: 'x'.repeat(1024 * 1024), type: 'text' }],
    };
    const res = await importInto('target', padded, true);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, message: 'The configuration document is over 1 MB, the most accepted.' });
    expect(await checksumsOf(target)).toEqual(before);
  });
});

const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const setups = dialects().flatMap((dialect) => [
  [dialect, 'in-process'] as const,
  ...(inject('redisAvailable') ? [[dialect, 'Redis'] as const] : []),
]);

describe.each(setups)('a second process on %s (%s bus) sees a configuration change', (dialect, bus) => {
  let t: TestApp;
  let second: FastifyInstance;
  let tokens: Record<string, string>;
  const streams: LiveStreamClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { redisUrl: bus === 'Redis' ? REDIS_URL : '' } });
    // Its own connection pool on the same database, as another process has.
    second = await buildApp({ config: t.config });
    await second.listen({ port: 0, host: '127.0.0.1' });
    ({ tokens } = await signInDemoAccounts(t));
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await second?.close();
    await t?.close();
  });

  const secondRegistryHas = async (source: string) => {
    const res = await second.inject({
      method: 'GET',
      url: '/api/admin/registry',
      headers: { authorization: tokens.team! },
    });
    const orders = res.json().data.find((r: { name: string }) => r.name === 'orders');
    return orders.fields.some((f: { source: string }) => f.source === source);
  };

  it('answers the new field from the second app, and tells its live streams once it does', async () => {
    const stream = await openLiveStream(urlOf(second), { token: tokens.team! });
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect(await secondRegistryHas('visa_ref')).toBe(false);

    const created = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/order-fields',
      payload: { id: 'visa_ref', label: 'Visa reference', type: 'text', filter: true },
    });
    expect(created.statusCode, created.body).toBe(200);
    const version = Number((await t.db('settings').where({ key: 'configuration.version' }).first()).value);
    expect(t.app.configuration.version).toBe(version);

    if (bus === 'Redis') {
      // The second process reloads before its streams hear of the change: what they read then is new.
      const event = await stream.next((e) => e.type === 'configuration.changed', 5000);
      expect(event.data).toEqual({ type: 'configuration.changed', version });
      expect(await secondRegistryHas('visa_ref')).toBe(true);
    } else {
      // No bus between the two: the second finds the new version by its own check.
      await eventually(async () => ((await secondRegistryHas('visa_ref')) ? true : undefined));
    }
    expect(second.configuration.version).toBe(version);
    expect(second.registry).toBe(second.configuration.registry);
  });

  it('applies changes made at once through both apps one after another, none lost', async () => {
    const start = t.app.configuration.version;
    const keys = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
    const answers = await Promise.all(
      keys.map((key, i) =>
        (i % 2 ? second : t.app).inject({
          method: 'POST',
          url: '/api/order-fields',
          headers: { authorization: tokens.admin! },
          payload: { id: key, label: key, type: 'number' },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(keys.map(() => 200));
    const stored = await t.db('order_fields').whereIn('id', keys).pluck('id');
    expect(stored.sort()).toEqual(keys);
    const version = Number((await t.db('settings').where({ key: 'configuration.version' }).first()).value);
    expect(version).toBe(start + keys.length);
    for (const app of [t.app, second]) {
      await eventually(async () => (app.configuration.version === version ? true : undefined));
      expect(app.configuration.current.fields.filter((f) => keys.includes(f.id))).toHaveLength(keys.length);
    }
  });

  it('tells the streams of the process that made the change', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openLiveStream(urlOf(t.app), { token: tokens.telecaller! });
    streams.push(stream);
    const removed = await t.call(tokens.admin!, { method: 'DELETE', url: '/api/order-fields/visa_ref' });
    expect(removed.statusCode, removed.body).toBe(200);
    const event = await stream.next((e) => e.type === 'configuration.changed', 5000);
    expect(event.data).toEqual({ type: 'configuration.changed', version: t.app.configuration.version });
  });
});
