import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@app/domain';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { openLiveStream, type LiveStreamClient } from '../../helpers/liveStream.js';
import { recountOrderCounters } from '../../../api/src/modules/orders/counters.js';

type Row = Record<string, unknown>;

/**
 * Custom queues, defined by an Admin through /api/custom-queues: listed like the built-in
 * queues, counted in the folder counts and the live counts for the roles they name, their members kept
 * by the one change path (a move, a value change) and equal to what the SQL rebuild makes of them.
 */
describe.each(dialects())('custom queues on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let tokens: Record<string, string>;
  const streams: LiveStreamClient[] = [];
  const QUEUE = 'custom-priority-business';

  const call = (role: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.call(tokens[role]!, { method, url, payload });
  const list = (role: string, query: Record<string, unknown>) =>
    t.call(tokens[role]!, {
      method: 'GET',
      url: '/api/orders',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])),
    });
  const setValues = (role: string, id: number, values: Row) => call(role, 'PUT', `/api/orders/${id}`, values);
  const move = (id: number, status: string) =>
    call('admin', 'PUT', '/api/admin/move-order-status', { orderIds: [id], updatingStatus: status });
  const counts = async (role: string) => (await call(role, 'GET', '/api/admin/get-folder-count')).json().data;
  /** The queue's members straight from the tables: Awaiting, Priority, visa type Business. */
  const reference = async () =>
    (
      await t
        .db('orders as o')
        .join('order_values as v', 'v.order_id', 'o.order_id')
        .where({ 'o.process_status': 'Awaiting', 'o.processing_mode': 'Priority' })
        .where({ 'v.field_id': 'visa_type', 'v.value_text': 'Business' })
        .orderBy('o.order_id', 'desc')
        .pluck('o.order_id')
    ).map(Number);
  /** Every custom queue's members and counts as the tables hold them. */
  const membership = async () => ({
    members: (await t.db('custom_queue_orders').select('queue_id', 'order_id').orderBy(['queue_id', 'order_id'])).map(
      (r: Row) => `${r.queue_id}|${r.order_id}`,
    ),
    counts: Object.fromEntries(
      (await t.db('custom_queue_counters').select('queue_id').sum({ n: 'count' }).groupBy('queue_id')).map((r: Row) => [
        r.queue_id,
        Number(r.n),
      ]),
    ),
  });

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { liveHeartbeatMs: 200 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    ({ tokens } = await signInDemoAccounts(t));
    const editable = { editRoles: ['Admin', 'Manager', 'Team'], filter: true, sortable: true, column: true };
    for (const field of [
      { id: 'visa_type', label: 'Visa type', type: 'choice', choices: ['Business', 'Tourist'], ...editable },
      { id: 'score', label: 'Score', type: 'number', ...editable },
      { id: 'flag', label: 'Flag', type: 'boolean', ...editable },
      { id: 'due_at', label: 'Due at', type: 'datetime', ...editable },
      { id: 'ref', label: 'Reference', type: 'text', ...editable },
    ]) {
      const res = await call('admin', 'POST', '/api/order-fields', field);
      expect(res.statusCode, res.body).toBe(200);
    }
    // Values before the queues exist: creating a queue finds its members in SQL.
    const priority = (
      await t.db('orders').where({ processing_mode: 'Priority' }).orderBy('order_id', 'desc').limit(12)
    ).map((o: Row) => Number(o.order_id));
    for (const [i, id] of priority.entries()) {
      if (i < 6) expect((await move(id, 'Awaiting')).statusCode).toBeLessThan(500);
      expect((await setValues('admin', id, { visa_type: i % 3 ? 'Business' : 'Tourist' })).statusCode).toBe(200);
    }
    const { nationality } = await t.db('orders').whereNotNull('nationality').orderBy('order_id', 'desc').first();
    expect(nationality).not.toBe(nationality.toLowerCase());
    for (const queue of [
      {
        id: 'priority-business',
        name: 'Priority, Awaiting Customer, Business',
        statuses: ['Awaiting'],
        filter: { processing_mode: 'Priority', visa_type: 'Business' },
        roles: ['Admin', 'Manager', 'Team'],
      },
      {
        id: 'scored',
        name: 'Scored and flagged',
        statuses: ['New', 'Awaiting', 'Contact Customer'],
        filter: { score_gte: 2.5, flag: true, due_at_lte: '2026-12-05' },
        roles: ['Admin'],
      },
      { id: 'ab-refs', name: 'AB references', statuses: ['New', 'Awaiting'], filter: { ref: 'AB' }, roles: ['Admin'] },
      // Free text in another case than stored: the change path and the rebuild both ignore case.
      {
        id: 'by-nationality',
        name: 'One nationality',
        statuses: ['New', 'Awaiting', 'Contact Customer'],
        filter: { nationality: nationality.toLowerCase() },
        roles: ['Admin'],
      },
    ]) {
      const res = await call('admin', 'POST', '/api/custom-queues', queue);
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t?.close();
  });

  it('lists a custom queue like the built-in ones: its members, paged, with their total', async () => {
    const expected = await reference();
    expect(expected.length).toBeGreaterThan(1);
    const first = await list('team', { filter: { queue: QUEUE }, range: [0, 0] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-range']).toBe(`orders 0-0/${expected.length}`);
    const second = await list('team', { filter: { queue: QUEUE }, range: [1, 10] });
    expect([...first.json(), ...second.json()].map((r: Row) => r.id)).toEqual(expected);
    expect(first.json()[0]).toMatchObject({ visa_type: 'Business', processing_mode: 'Priority' });
    // Sorted and filtered by a custom field within it.
    const sorted = await list('team', { filter: { queue: QUEUE, visa_type: 'Business' }, sort: ['visa_type', 'ASC'] });
    expect(sorted.statusCode, sorted.body).toBe(200);
    expect(sorted.json().map((r: Row) => r.id)).toEqual([...expected].sort((a, b) => a - b));
  });

  it('answers its count in the folder counts to the roles it names, and refuses the others', async () => {
    const expected = (await reference()).length;
    expect((await counts('team'))[QUEUE]).toBe(expected);
    expect((await counts('admin'))['custom-scored']).toEqual(expect.any(Number));
    expect(await counts('team')).not.toHaveProperty('custom-scored');
    expect(await counts('telecaller')).not.toHaveProperty(QUEUE);
    expect((await list('telecaller', { filter: { queue: QUEUE } })).statusCode).toBe(403);
    expect((await list('team', { filter: { queue: 'custom-scored' } })).statusCode).toBe(403);
    expect((await list('team', { filter: { queue: 'custom-nothing' } })).statusCode).toBe(400);
  });

  it('follows a move and a value change, and the live counts tell the members who see it', async () => {
    const stream = await openLiveStream(base, {
      ticket: (await call('manager', 'POST', '/api/admin/events/ticket')).json().data.ticket,
    });
    streams.push(stream);
    const before = (await reference()).length;
    const order = await t
      .db('orders')
      .where({ processing_mode: 'Priority', process_status: 'New' })
      .orderBy('order_id', 'desc')
      .first();
    const id = Number(order.order_id);
    expect((await setValues('team', id, { visa_type: 'Business' })).statusCode).toBe(200);
    expect((await counts('team'))[QUEUE]).toBe(before);
    expect((await move(id, 'Awaiting')).statusCode).toBe(200);
    expect((await counts('team'))[QUEUE]).toBe(before + 1);
    const joined = (e: LiveEvent) => e.type === 'counts.changed' && e.counts[QUEUE] === before + 1;
    await stream.next(joined, 2000);
    expect((await list('team', { filter: { queue: QUEUE }, range: [0, 99] })).json().map((r: Row) => r.id)).toContain(
      id,
    );
    expect((await setValues('team', id, { visa_type: 'Tourist' })).statusCode).toBe(200);
    expect((await counts('team'))[QUEUE]).toBe(before);
    await stream.next((e) => e.type === 'counts.changed' && e.counts[QUEUE] === before, 2000);
    expect(await reference()).not.toContain(id);
  });

  it("reads a moved order's custom values once and writes its row once, for its SLA clock and its custom queues", async () => {
    const policy = await call('admin', 'POST', '/api/sla-policies', {
      name: 'Business visas',
      position: -1,
      conditions: { visa_type: 'Business' },
      targetMinutes: 240,
      warnAtPercent: 75,
      pauseStatuses: ['Awaiting'],
      businessHours: { timeZone: 'UTC', days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '23:59' },
      holidays: [],
      breachActions: [],
    });
    expect(policy.statusCode, policy.body).toBe(200);
    const policyId = Number(policy.json().id);
    try {
      const order = await t
        .db('orders')
        .where({ processing_mode: 'Priority', process_status: 'New' })
        .orderBy('order_id', 'desc')
        .offset(1)
        .first();
      const id = Number(order.order_id);
      expect((await setValues('team', id, { visa_type: 'Business' })).statusCode).toBe(200);
      const statements: string[] = [];
      const listener = (q: { sql: string }) => statements.push(q.sql);
      t.db.on('query', listener);
      try {
        expect((await move(id, 'Awaiting')).statusCode).toBe(200);
      } finally {
        t.db.off('query', listener);
      }
      const log = statements.join('\n');
      expect(
        statements.filter((sql) => /\border_values\b/.test(sql)),
        log,
      ).toHaveLength(1);
      expect(
        statements.filter((sql) => /^update\s+[`"]orders[`"]/i.test(sql)),
        log,
      ).toHaveLength(1);
      expect(
        statements.filter((sql) => /^select\b.*\bfrom\s+[`"]orders[`"]/i.test(sql)),
        log,
      ).toHaveLength(1);
      // What the one read and the one write kept: the clock paused under the policy, the order in its queue.
      const row = await t.db('orders').where({ order_id: id }).first('sla_policy_id', 'sla_state', 'process_status');
      expect(row).toMatchObject({ sla_policy_id: policyId, sla_state: 'paused', process_status: 'Awaiting' });
      expect(await reference()).toContain(id);
    } finally {
      expect((await call('admin', 'DELETE', `/api/sla-policies/${policyId}`)).statusCode).toBe(200);
    }
  });

  it('keeps by the change path the members the SQL rebuild makes, after random changes', async () => {
    // A small deterministic generator: the same changes on every run.
    let seed = 21;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor(seed / 65_536) % n;
    };
    const pick = <T>(items: readonly T[]) => items[random(items.length)]!;
    const orders = (
      await t
        .db('orders')
        .whereIn('process_status', ['New', 'Awaiting', 'Contact Customer'])
        .orderBy('order_id')
        .limit(40)
    ).map((o: Row) => Number(o.order_id));
    for (let i = 0; i < 80; i++) {
      const id = pick(orders);
      if (random(3) === 0) {
        await move(id, pick(['Awaiting', 'Contact Customer', 'Customer Called', 'Completed']));
        continue;
      }
      const res = await setValues('admin', id, {
        visa_type: pick(['Business', 'Tourist', null]),
        score: pick([1, 2.5, 3.75, null]),
        flag: pick([true, false, null]),
        due_at: pick(['2026-12-01 08:00:00', '2026-12-05 23:59:59', '2026-12-06 00:00:00', null]),
        ref: pick(['AB1', 'ABX', 'XAB', 'ab2', null]),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // And one order surely in both of the other queues (on the day's last second: the bound takes the whole day).
    const inBoth = await t.db('orders').whereIn('order_id', orders).where({ process_status: 'New' }).first();
    const both = { score: 3.75, flag: true, due_at: '2026-12-05 23:59:59', ref: 'AB1' };
    expect((await setValues('admin', Number(inBoth.order_id), both)).statusCode).toBe(200);
    const kept = await membership();
    expect(kept.members.some((m) => m.startsWith('scored|'))).toBe(true);
    expect(kept.members.some((m) => m.startsWith('ab-refs|'))).toBe(true);
    await t.db.transaction((trx) =>
      t.app.ordersService.rebuildCustomQueues(trx, t.app.configuration.current.queues, t.app.registry),
    );
    const rebuilt = await membership();
    expect(kept.members).toEqual(rebuilt.members);
    expect(kept.counts).toEqual(rebuilt.counts);
    expect(kept.members.some((m) => m.startsWith('by-nationality|'))).toBe(true);
    for (const queue of ['priority-business', 'scored', 'ab-refs', 'by-nationality'])
      expect(rebuilt.counts[queue]).toBe(rebuilt.members.filter((m) => m.startsWith(`${queue}|`)).length);
  });

  it('rebuilds the custom queues with the counters, as seeds and bulk loads do', async () => {
    const kept = await membership();
    await t.db('custom_queue_orders').del();
    await t.db('custom_queue_counters').del();
    await recountOrderCounters(t.db);
    expect(await membership()).toEqual(kept);
  });
});
