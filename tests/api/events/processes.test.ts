import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LiveEvent, OrderChangedEvent, PresenceEvent } from '@app/domain';
import { TEST_JWT_SECRET } from '../../helpers/app.js';
import { createTestDb, type TestDb } from '../../helpers/db.js';
import { openLiveStream, type LiveStreamClient } from '../../helpers/liveStream.js';
import { startServerProcess, type ServerProcess } from '../../helpers/serverProcess.js';
import { REDIS_URL } from '../../setup/redis.js';
import { DEMO_PASSWORD } from '../../../seeds/index.js';

/**
 * Two real API processes (`node api/src/server.ts`, as behind a balancer) on one MySQL database and one
 * Redis: what happens through one is seen through the other.
 */
describe.runIf(inject('mysqlAvailable') && inject('redisAvailable'))('two API processes on MySQL and Redis', () => {
  let testDb: TestDb;
  let a: ServerProcess;
  let b: ServerProcess;
  const streams: LiveStreamClient[] = [];

  beforeAll(async () => {
    testDb = await createTestDb('mysql');
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DATA_DIR: testDb.dataDir,
      DATABASE_URL: testDb.databaseUrl,
      JWT_SECRET: TEST_JWT_SECRET,
      SEED_DEMO: 'false',
      MAIL_WORKER: 'false',
      REDIS_URL,
      LOGIN_RATE_MAX: '4',
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await Promise.all([a?.kill(), b?.kill()]);
    await testDb?.drop();
  });

  const signIn = async (server: ServerProcess, email: string, password = DEMO_PASSWORD) => {
    const res = await fetch(`${server.url}/api/admin/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return { status: res.status, token: res.ok ? ((await res.json()) as { token: string }).token : '' };
  };
  const send = (server: ServerProcess, token: string, method: string, path: string, body: object) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify(body),
    });

  it('delivers a move made through process A to a stream on process B, and presence too', async () => {
    const manager = (await signIn(b, 'manager@demo.test')).token;
    const team = (await signIn(a, 'team@demo.test')).token;
    // The ticket comes from A and opens the stream on B, as a balancer may send them.
    const ticket = (await (await send(a, manager, 'POST', '/api/admin/events/ticket', {})).json()).data.ticket;
    const stream = await openLiveStream(b.url, { ticket });
    streams.push(stream);
    expect(stream.status).toBe(200);

    const order = await testDb
      .db('orders')
      .where({ process_status: 'New' })
      .whereNull('assignee_id')
      .orderBy('order_id', 'desc')
      .first('order_id', 'version');
    const moved = await send(a, team, 'PUT', '/api/admin/move-order-status', {
      orderIds: [order.order_id],
      updatingStatus: 'Completed',
      version: [order.version],
    });
    const answered = Date.now();
    expect(moved.status).toBe(200);
    const isChange = (e: LiveEvent) => e.type === 'order.changed' && e.orderId === Number(order.order_id);
    const event = await stream.next(isChange, 2000);
    expect(event.at - answered).toBeLessThan(2000);
    expect((event.data as OrderChangedEvent).status).toBe('Completed');
    expect((event.data as OrderChangedEvent).version).toBe(Number(order.version) + 1);
    await stream.next((e) => e.type === 'counts.changed', 2000);

    // A stale write through B is refused although the change went through A.
    const stale = await send(b, manager, 'PUT', '/api/admin/move-order-status', {
      orderIds: [order.order_id],
      updatingStatus: 'Awaiting',
      version: [order.version],
    });
    expect(stale.status).toBe(409);

    const viewing = await send(a, team, 'PUT', '/api/admin/events/presence', {
      orderId: Number(order.order_id),
      tab: 'two-processes',
      viewing: true,
    });
    expect(viewing.status).toBe(200);
    const presence = (await stream.next((e) => e.type === 'presence', 2000)).data as PresenceEvent;
    expect(presence.members.map((m) => m.name)).toHaveLength(1);
    const seenFromB = await send(b, manager, 'PUT', '/api/admin/events/presence', {
      orderId: Number(order.order_id),
      tab: 'manager-tab',
      viewing: true,
    });
    expect((await seenFromB.json()).data.members).toHaveLength(2);
  });

  it("reads a queue page anew on process B once B's stream hears of a move made through A", async () => {
    const manager = (await signIn(b, 'manager@demo.test')).token;
    const team = (await signIn(a, 'team@demo.test')).token;
    const stream = await openLiveStream(b.url, { token: manager });
    streams.push(stream);
    const firstPage = async () => {
      const res = await fetch(`${b.url}/api/admin/get-orders-list/awaitingOrder?page=1&limit=10`, {
        headers: { authorization: manager },
      });
      const body = (await res.json()) as { data: Array<{ order_id: number }>; total: number };
      return { ids: body.data.map((o) => Number(o.order_id)), total: body.total };
    };
    const stored = async () =>
      (
        await testDb
          .db('orders')
          .where({ process_status: 'Awaiting' })
          .orderBy('order_id', 'desc')
          .limit(10)
          .pluck('order_id')
      ).map(Number);
    // Read twice, so that B holds the page in its cache.
    const before = await firstPage();
    expect(await firstPage()).toEqual(before);
    const order = await testDb
      .db('orders')
      .whereNot({ process_status: 'Awaiting' })
      .whereNull('assignee_id')
      .orderBy('order_id', 'desc')
      .first('order_id');
    const moved = await send(a, team, 'PUT', '/api/admin/move-order-status', {
      orderIds: [order.order_id],
      updatingStatus: 'Awaiting',
    });
    expect(moved.status).toBe(200);
    await stream.next((e) => e.type === 'order.changed' && e.orderId === Number(order.order_id), 2000);
    const after = await firstPage();
    expect(after.total).toBe(before.total + 1);
    expect(after.ids).toEqual(await stored());
    expect(after.ids).toContain(Number(order.order_id));
  });

  it('counts sign-in attempts made through both processes against one limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await signIn(i % 2 ? b : a, 'night@demo.test', 'wrong-password')).status);
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
  });
});
