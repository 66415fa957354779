import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LiveEvent } from '@app/domain';
import { DEMO_PASSWORD } from '../../../seeds/index.js';
import { TEST_JWT_SECRET } from '../../helpers/app.js';
import { createTestDb, type TestDb } from '../../helpers/db.js';
import { openLiveStream, type LiveStreamClient } from '../../helpers/liveStream.js';
import { redisServerInstalled, startRedisServer, type RedisServer } from '../../helpers/redisServer.js';
import { startServerProcess, type ServerProcess } from '../../helpers/serverProcess.js';

const ROUNDS = 8;
const LIVE_UPDATES_PAUSED = /Live updates are paused/;

if (!redisServerInstalled()) {
  if (process.env.REQUIRE_REDIS === '1') throw new Error('REQUIRE_REDIS=1 but redis-server is not installed');
  console.warn('redis-server is not installed: the Redis outage test is skipped.');
}

/** Polls `check` until it answers true (a state, not a time); fails after `timeoutMs`. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What these tests read of an answer: the envelope's message, a ticket, a sign-in token. */
interface Answer {
  message?: string;
  token?: string;
  data?: { ticket: string };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/**
 * Redis killed (SIGKILL) and started again, empty, under two real API processes on one MySQL database:
 * while it is away staff sign in, read lists and move orders through either process, limits count in
 * each process, and live updates answer 503; once it is back, readiness is 200 again, open streams are
 * told to reload (resync), a move through A reaches a stream on B, and sign-in failures count across
 * both processes again.
 */
describe.runIf(inject('mysqlAvailable') && redisServerInstalled())('Redis stopped and started while staff work', () => {
  let testDb: TestDb;
  let redis: RedisServer;
  let a: ServerProcess;
  let b: ServerProcess;
  const streams: LiveStreamClient[] = [];

  beforeAll(async () => {
    testDb = await createTestDb('mysql');
    redis = await startRedisServer();
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DATA_DIR: testDb.dataDir,
      DATABASE_URL: testDb.databaseUrl,
      JWT_SECRET: TEST_JWT_SECRET,
      SEED_DEMO: 'false',
      MAIL_WORKER: 'false',
      REDIS_URL: redis.url,
      LOGIN_RATE_MAX: '4',
      TRACK_RATE_MAX: '3',
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);
  afterAll(async () => {
    for (const s of streams) s.close();
    await Promise.all([a?.kill(), b?.kill()]);
    await redis?.kill();
    await testDb?.drop();
  });

  const request = async (server: ServerProcess, method: string, path: string, token?: string, body?: object) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: token } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Answer };
  };
  const signIn = (server: ServerProcess, email: string, password = DEMO_PASSWORD) =>
    request(server, 'POST', '/api/admin/admin-login', undefined, { email, password });
  const ready = async (server: ServerProcess) => (await request(server, 'GET', '/api/health/ready')).status;
  const isChangeOf = (orderId: number) => (e: LiveEvent) => e.type === 'order.changed' && e.orderId === orderId;

  it('keeps sign-in, lists and moves working while Redis is away, and live events resume after', async () => {
    const manager = (await signIn(b, 'manager@demo.test')).body.token!;
    const pool: number[] = (
      await testDb
        .db('orders')
        .where({ process_status: 'Awaiting' })
        .orderBy('order_id')
        .limit(2 * ROUNDS + 2)
    ).map((o) => Number(o.order_id));
    expect(pool).toHaveLength(2 * ROUNDS + 2);
    const move = (server: ServerProcess, orderId: number) =>
      request(server, 'PUT', '/api/admin/move-order-status', manager, {
        orderIds: [orderId],
        updatingStatus: 'Contact Customer',
      });

    /** Rounds of sign-in, a queue page and a move through A then B; each request timed. */
    const staffWork = async (orders: number[], to: string) => {
      const latencies: Record<'sign-in' | 'list' | 'move', number[]> = { 'sign-in': [], list: [], move: [] };
      const failed: string[] = [];
      const timed = async (kind: keyof typeof latencies, what: string, call: () => Promise<{ status: number }>) => {
        const started = performance.now();
        const { status } = await call();
        latencies[kind].push(performance.now() - started);
        if (status !== 200) failed.push(`${kind} through ${what}: ${status}`);
      };
      for (const [i, orderId] of orders.entries()) {
        const [name, server] = i % 2 ? (['B', b] as const) : (['A', a] as const);
        await timed('sign-in', name, () => signIn(server, 'team@demo.test'));
        await timed('list', name, () =>
          request(server, 'GET', '/api/admin/get-orders-list/awaitingOrder?page=1&limit=10', manager),
        );
        await timed('move', name, () =>
          request(server, 'PUT', '/api/admin/move-order-status', manager, { orderIds: [orderId], updatingStatus: to }),
        );
      }
      return { latencies, failed, moved: orders };
    };

    // Before: a ticket from A opens a stream on B, which hears a move made through A.
    const ticket = await request(a, 'POST', '/api/admin/events/ticket', manager);
    expect(ticket.status).toBe(200);
    const stream = await openLiveStream(b.url, { ticket: ticket.body.data!.ticket });
    streams.push(stream);
    expect(stream.status).toBe(200);
    const first = pool.shift()!;
    const last = pool.shift()!;
    expect((await move(a, first)).status).toBe(200);
    await stream.next(isChangeOf(first), 10_000);

    // The same work with Redis up, for comparison.
    const baseline = await staffWork(pool.splice(0, 2 * ROUNDS), 'Contact Customer');
    expect(baseline.failed).toEqual([]);

    await redis.kill();
    await until('both processes are not ready', async () => (await ready(a)) === 503 && (await ready(b)) === 503);

    // Staff work through both processes while Redis is away: sign-in, a queue page and a move, the
    // orders of the same pool moved back to where they were before the outage.
    const outage = await staffWork(baseline.moved, 'Awaiting');
    expect(outage.failed).toEqual([]);
    const statuses = await testDb.db('orders').whereIn('order_id', baseline.moved).pluck('process_status');
    expect(statuses).toEqual(baseline.moved.map(() => 'Awaiting'));

    // Live updates pause with a message (503), through either process; the rest goes on.
    for (const server of [a, b]) {
      const paused = await request(server, 'POST', '/api/admin/events/ticket', manager);
      expect(paused.status).toBe(503);
      expect(paused.body.message).toMatch(LIVE_UPDATES_PAUSED);
      const presence = await request(server, 'PUT', '/api/admin/events/presence', manager, {
        orderId: first,
        tab: 'outage',
        viewing: true,
      });
      expect(presence.status).toBe(503);
      const direct = await fetch(`${server.url}/api/admin/events`, {
        headers: { authorization: manager, accept: 'text/event-stream' },
      });
      expect(direct.status).toBe(503);
      await direct.body?.cancel();
    }

    // Limits count in each process meanwhile: sign-in failures and tracking tries per address.
    const failures = [];
    for (let i = 0; i < 5; i++) failures.push((await signIn(a, 'outage-guess@demo.test', 'wrong')).status);
    expect(failures).toEqual([401, 401, 401, 401, 429]);
    expect((await signIn(b, 'outage-guess@demo.test', 'wrong')).status).toBe(401);
    const tracks = [];
    for (let i = 0; i < 4; i++) {
      tracks.push(
        (await request(a, 'POST', '/api/front/track-order', undefined, { orderId: '1', email: 'x@mail.example' }))
          .status,
      );
    }
    expect(tracks.slice(0, 3)).not.toContain(429);
    expect(tracks[3]).toBe(429);
    expect(tracks).not.toContain(500);

    // Redis comes back, empty.
    await redis.start();
    const back = Date.now();
    await until('both processes are ready', async () => (await ready(a)) === 200 && (await ready(b)) === 200);
    // The stream that stayed open on B is told that it may have missed events.
    const resync = await stream.next((e) => e.type === 'resync', 15_000);
    const movedAt = Date.now();
    expect((await move(a, last)).status).toBe(200);
    const change = await stream.next(isChangeOf(last), 10_000);

    // A new stream opens again, with a ticket from B redeemed on A.
    const again = await request(b, 'POST', '/api/admin/events/ticket', manager);
    expect(again.status).toBe(200);
    const reopened = await openLiveStream(a.url, { ticket: again.body.data!.ticket });
    streams.push(reopened);
    expect(reopened.status).toBe(200);

    // Sign-in failures count across both processes again.
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await signIn(i % 2 ? b : a, 'night@demo.test', 'wrong-password')).status);
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);

    const figures = ({ latencies }: Awaited<ReturnType<typeof staffWork>>) =>
      Object.entries({ all: Object.values(latencies).flat(), ...latencies })
        .map(([kind, ms]) => `${kind} p50 ${percentile(ms, 50).toFixed(0)} / p95 ${percentile(ms, 95).toFixed(0)} ms`)
        .join(', ');
    console.info(
      `redis outage: ${3 * outage.moved.length} requests while Redis was away, ${outage.failed.length} failed; ` +
        `away: ${figures(outage)}; up: ${figures(baseline)}; ` +
        `resync on B ${resync.at - back} ms after Redis was back (readiness 200 on both by then), ` +
        `a move through A reached B's stream ${change.at - movedAt} ms after it was sent`,
    );
  }, 120_000);
});
