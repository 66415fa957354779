import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CountsChangedEvent, LiveEvent, OrderChangedEvent, PresenceEvent } from '@app/domain';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { openLiveStream, type LiveStreamClient } from '../../helpers/liveStream.js';
import { REDIS_URL } from '../../setup/redis.js';

const isChange = (orderId: number) => (e: LiveEvent) => e.type === 'order.changed' && e.orderId === orderId;
const isCounts = (e: LiveEvent) => e.type === 'counts.changed';
const isPresence = (orderId: number) => (e: LiveEvent) => e.type === 'presence' && e.orderId === orderId;

/** SQLite and MySQL, each with the in-process bus and with Redis (the bus several processes share). */
const setups = dialects().flatMap((dialect) => [
  [dialect, 'in-process'] as const,
  ...(inject('redisAvailable') ? [[dialect, 'Redis'] as const] : []),
]);

describe.each(setups)('live events on %s, %s', (dialect, bus) => {
  let t: TestApp;
  let base: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const streams: LiveStreamClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      config: { liveHeartbeatMs: 200, redisUrl: bus === 'Redis' ? REDIS_URL : '' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const demo = await signInDemoAccounts(t);
    Object.assign(tokens, demo.tokens);
    Object.assign(ids, demo.ids);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t?.close();
  });

  const call = (role: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.call(tokens[role]!, { method, url, payload });
  const ticketFor = async (role: string, { lastEventId }: { lastEventId?: string } = {}) => {
    const query = lastEventId ? `?lastEventId=${lastEventId}` : '';
    const res = await call(role, 'POST', `/api/admin/events/ticket${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().data.ticket as string;
  };
  const open = async (role: string, extra: { lastEventId?: string } = {}) => {
    const stream = await openLiveStream(base, { ticket: await ticketFor(role, extra) });
    expect(stream.status).toBe(200);
    streams.push(stream);
    return stream;
  };
  /** A New Standard order nobody holds, not used by another test. */
  const used = new Set<number>();
  const freeOrder = async () => {
    const rows = await t
      .db('orders')
      .where({ process_status: 'New', processing_mode: 'Standard' })
      .whereNull('assignee_id')
      .orderBy('order_id', 'desc')
      .limit(50)
      .select('order_id', 'version');
    const row = rows.find((r) => !used.has(Number(r.order_id)))!;
    used.add(Number(row.order_id));
    return { id: Number(row.order_id), version: Number(row.version) };
  };
  const orderRow = (id: number) => t.db('orders').where({ order_id: id }).first();

  it("delivers another member's move within 2 s, with the order's new state, and the counts it moved", async () => {
    const stream = await open('manager');
    const { id, version } = await freeOrder();
    const res = await call('team', 'PUT', '/api/admin/move-order-status', {
      orderIds: [id],
      updatingStatus: 'Awaiting',
    });
    const answered = Date.now();
    expect(res.statusCode).toBe(200);
    const { data, at, id: eventId } = await stream.next(isChange(id), 2000);
    expect(at - answered).toBeLessThan(2000);
    expect(eventId).toMatch(/^\d+-\d+$/);
    expect(data).toEqual({
      type: 'order.changed',
      orderId: id,
      status: 'Awaiting',
      assigneeId: null,
      assignTo: null,
      version: version + 1,
      by: { id: ids.team!, name: expect.any(String) },
      action: 'move',
    } satisfies OrderChangedEvent);
    expect(Number((await orderRow(id)).version)).toBe(version + 1);
    const counts = (await stream.next(isCounts, 2000)).data as CountsChangedEvent;
    const folder = (await call('manager', 'GET', '/api/admin/get-folder-count')).json().data;
    expect(counts.counts).toEqual(folder);
  });

  it('announces assign, unassign, comment, refund and delete, each moving the version by one', async () => {
    const stream = await open('admin');
    const { id, version } = await freeOrder();
    const steps: Array<[string, string, object, string]> = [
      ['assign', '/api/admin/assign-order-status', { orderId: id }, 'assign'],
      ['unassign', '/api/admin/unassign-order', { orderId: id }, 'unassign'],
      ['comment', '/api/admin/add-new-remark', { orderId: id, remark: 'Called the customer' }, 'comment'],
      ['refund', '/api/admin/move-to-complete-refund', { orderId: id }, 'refund'],
      ['delete', '/api/admin/change-order-status', { orderId: id, updatingStatus: 'Deleted' }, 'delete'],
    ];
    let expected = version;
    for (const [label, url, payload, action] of steps) {
      const res = await call('manager', label === 'comment' ? 'POST' : 'PUT', url, payload);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
      const event = (await stream.next(isChange(id), 2000)).data as OrderChangedEvent;
      expect(event.action).toBe(action);
      expect(event.version).toBe(++expected);
    }
  });

  it('refuses a stale version with 409 naming who changed the order and to what, and changes nothing', async () => {
    const { id, version } = await freeOrder();
    const first = await call('team', 'PUT', '/api/admin/move-order-status', {
      orderIds: [id],
      updatingStatus: 'Contact Customer',
      version: [version],
    });
    expect(first.statusCode).toBe(200);
    const before = await orderRow(id);
    const auditBefore = await t.db('audit_events').where({ order_id: id }).count({ n: '*' });
    const remarksBefore = await t.db('remarks').where({ order_id: id }).count({ n: '*' });
    const stale: Array<[string, 'PUT' | 'POST', string, object]> = [
      ['move', 'PUT', '/api/admin/move-order-status', { orderIds: [id], updatingStatus: 'Completed', version }],
      ['change', 'PUT', '/api/admin/change-order-status', { orderId: id, updatingStatus: 'Deleted', version }],
      ['assign', 'PUT', '/api/admin/assign-order-status', { orderId: [id], version: [version] }],
      ['unassign', 'PUT', '/api/admin/unassign-order', { orderId: id, version }],
      ['refund', 'PUT', '/api/admin/move-to-complete-refund', { orderId: id, version }],
      ['comment', 'POST', '/api/admin/add-new-remark', { orderId: id, remark: 'late', version }],
    ];
    for (const [label, method, url, payload] of stale) {
      const res = await call('manager', method, url, payload);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(409);
      expect(res.json().status).toBe(0);
      expect(res.json().message).toMatch(/changed after you opened it: .+ moved it to Contact Customer/);
    }
    expect(await orderRow(id)).toEqual(before);
    expect(await t.db('audit_events').where({ order_id: id }).count({ n: '*' })).toEqual(auditBefore);
    expect(await t.db('remarks').where({ order_id: id }).count({ n: '*' })).toEqual(remarksBefore);

    // The version the member saw now is current: the same change passes; a client sending none is not checked.
    const current = Number(before.version);
    const moved = await call('manager', 'PUT', '/api/admin/move-order-status', {
      orderIds: [id],
      updatingStatus: 'Completed',
      version: [current],
    });
    expect(moved.statusCode).toBe(200);
    const spec = await call('manager', 'POST', '/api/admin/add-new-remark', { orderId: id, remark: 'no version' });
    expect(spec.statusCode).toBe(200);
    expect(Number((await orderRow(id)).version)).toBe(current + 2);
  });

  it('checks the version of every order of a batch, and wants one version per order', async () => {
    const a = await freeOrder();
    const b = await freeOrder();
    const mismatched = await call('manager', 'PUT', '/api/admin/move-order-status', {
      orderIds: [a.id, b.id],
      updatingStatus: 'Awaiting',
      version: [a.version],
    });
    expect(mismatched.statusCode).toBe(400);
    await call('team', 'PUT', '/api/admin/assign-order-status', { orderId: b.id });
    const stale = await call('manager', 'PUT', '/api/admin/move-order-status', {
      orderIds: [a.id, b.id],
      updatingStatus: 'Awaiting',
      version: [a.version, b.version],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(
      new RegExp(`Order ${b.id} was changed after you opened it: .+ assigned it to`),
    );
    expect((await orderRow(a.id)).process_status).toBe('New');
  });

  it('gives a member only the counts of queues their role may open', async () => {
    const telecaller = await open('telecaller');
    const manager = await open('manager');
    const { id } = await freeOrder();
    await call('team', 'PUT', '/api/admin/move-order-status', { orderIds: [id], updatingStatus: 'AwaitingGovt' });
    await telecaller.next(isChange(id), 2000);
    // Counts are sent when they change, so the ones showing this move may come before or after its event.
    const own = (await telecaller.next(isCounts, 2000, true)).data as CountsChangedEvent;
    const full = (await manager.next(isCounts, 2000, true)).data as CountsChangedEvent;
    expect(full.counts).toHaveProperty('allOrdersCount');
    expect(own.counts).not.toHaveProperty('allOrdersCount');
    expect(Object.keys(own.counts).length).toBe(Object.keys(full.counts).length - 1);
  });

  it('opens with a single-use ticket or the Authorization header, and refuses anything else', async () => {
    const ticket = await ticketFor('team');
    const once = await openLiveStream(base, { ticket });
    expect(once.status).toBe(200);
    once.close();
    expect((await openLiveStream(base, { ticket })).status).toBe(401);
    expect((await openLiveStream(base, { ticket: 'x'.repeat(32) })).status).toBe(401);
    expect((await openLiveStream(base, { ticket: 'short' })).status).toBe(400);
    expect((await openLiveStream(base, {})).status).toBe(401);
    expect((await openLiveStream(base, { token: 'not-a-token' })).status).toBe(401);
    const byHeader = await openLiveStream(base, { token: tokens.night });
    streams.push(byHeader);
    expect(byHeader.status).toBe(200);
    expect((await call('team', 'POST', '/api/admin/events/ticket?lastEventId=yesterday')).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/events/ticket' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('sends heartbeats, and a stream that resumes with Last-Event-ID loses nothing', async () => {
    const first = await open('manager');
    await new Promise((r) => setTimeout(r, 700));
    expect(first.comments).toBeGreaterThanOrEqual(2);
    const a = await freeOrder();
    await call('team', 'PUT', '/api/admin/move-order-status', { orderIds: [a.id], updatingStatus: 'Awaiting' });
    const seen = await first.next(isChange(a.id), 2000);
    first.close();
    // Missed while disconnected:
    const b = await freeOrder();
    const c = await freeOrder();
    for (const id of [b.id, c.id]) {
      await call('team', 'PUT', '/api/admin/move-order-status', { orderIds: [id], updatingStatus: 'Awaiting' });
    }
    for (const resumed of [
      await openLiveStream(base, { token: tokens.manager, lastEventId: seen.id }),
      await open('manager', { lastEventId: seen.id! }),
    ]) {
      streams.push(resumed);
      await resumed.next(isChange(c.id), 2000);
      const changes = resumed.events
        .filter((e) => e.data.type === 'order.changed')
        .map((e) => (e.data as OrderChangedEvent).orderId);
      expect(changes).toEqual([b.id, c.id]);
    }
  });

  it('tells who is viewing an order, as they come and leave', async () => {
    const watcher = await open('manager');
    const { id } = await freeOrder();
    const view = (role: string, tab: string, viewing: boolean) =>
      call(role, 'PUT', '/api/admin/events/presence', { orderId: id, tab, viewing });
    const opened = await view('team', 'tab-1', true);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.members).toEqual([{ id: ids.team, name: expect.any(String) }]);
    let event = (await watcher.next(isPresence(id), 2000)).data as PresenceEvent;
    expect(event.members.map((m) => m.id)).toEqual([ids.team]);
    await view('admin', 'tab-9', true);
    event = (await watcher.next(isPresence(id), 2000)).data as PresenceEvent;
    expect(event.members.map((m) => m.id)).toEqual([ids.team, ids.admin]);
    // A second tab of the same member changes nothing others see; leaving one of two tabs neither.
    await view('team', 'tab-2', true);
    await view('team', 'tab-1', false);
    await view('team', 'tab-2', false);
    event = (await watcher.next(isPresence(id), 2000)).data as PresenceEvent;
    expect(event.members.map((m) => m.id)).toEqual([ids.admin]);
    expect((await view('team', 'bad tab!', true)).statusCode).toBe(400);
  });
});
