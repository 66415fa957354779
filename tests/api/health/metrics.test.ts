import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Knex } from 'knex';
import { nowUtc } from '@app/domain';
import { buildApp } from '../../../api/src/app.js';
import { loadConfig } from '../../../api/src/config.js';
import { withTransactionRetry } from '../../../api/src/db/retry.js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../helpers/app.js';
import { createTestDb, dialects, type TestDb } from '../../helpers/db.js';
import { openLiveStream } from '../../helpers/liveStream.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { startTcpProxy, type TcpProxy } from '../../helpers/tcpProxy.js';
import { MYSQL_URL } from '../../setup/mysql.js';
import { REDIS_URL } from '../../setup/redis.js';

const TOKEN = 'metrics-token-for-tests';
const redisAvailable = inject('redisAvailable');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A scrape as sample name with labels → value ('name{a="b"}' exactly as exposed). */
function parseMetrics(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

/** The sum of every sample of a name whose labels contain each of `labels` ('route="/x"'). */
const total = (samples: Map<string, number>, name: string, ...labels: string[]) => {
  let sum = 0;
  let found = false;
  for (const [key, value] of samples) {
    const bare = key.split('{')[0];
    if (bare !== name || !labels.every((l) => key.includes(l))) continue;
    sum += value;
    found = true;
  }
  return found ? sum : undefined;
};

describe.each(dialects())('GET /metrics on %s', (dialect) => {
  let t: TestServer;
  let manager: string;

  beforeAll(async () => {
    t = await startTestServer(dialect, { metricsToken: TOKEN, redisUrl: redisAvailable ? REDIS_URL : '' });
    manager = await t.login('manager@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseMetrics(res.body);
  };

  it('answers 401 without the bearer token, or with another', async () => {
    for (const authorization of [undefined, 'Bearer wrong', TOKEN, manager]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toMatch(/http_request_duration_seconds/);
    }
  });

  it('moves every figure while staff work: requests by route, pool, queries, outbox, streams, Redis, report changes queued', async () => {
    const before = await scrape();
    // A mail waiting an hour in the outbox.
    const anHourAgo = nowUtc(new Date(Date.now() - 3600_000));
    await t.db('mail_outbox').insert({
      kind: 'approval',
      provider: 'AWS',
      to_email: 'waiting@example.test',
      subject: 'Waiting',
      payload: '{}',
      state: 'queued',
      attempts: 0,
      next_attempt_at: anHourAgo,
      created_at: anHourAgo,
    });
    const stream = await openLiveStream(t.url, { token: manager });
    expect(stream.status).toBe(200);
    const list = () => t.call(manager, { method: 'GET', url: '/api/admin/get-orders-list/newOrder?limit=10' });
    for (let i = 0; i < 3; i++) expect((await list()).statusCode).toBe(200);
    const [orderId] = await t
      .db('orders')
      .where({ process_status: 'New' })
      .orderBy('order_id')
      .limit(1)
      .pluck('order_id');
    const move = await t.call(manager, {
      method: 'PUT',
      url: '/api/admin/change-order-status',
      payload: { orderId, updatingStatus: 'Awaiting' },
    });
    expect(move.statusCode, move.body).toBe(200);
    const failed = await t.call(manager, { method: 'GET', url: '/api/admin/get-orders-details/999999999' });
    expect(failed.statusCode).toBe(404);

    const after = await scrape();
    const requests = (samples: Map<string, number>, ...labels: string[]) =>
      total(samples, 'http_request_duration_seconds_count', ...labels) ?? 0;
    // By route pattern, never by URL.
    expect(requests(after, 'route="/api/admin/get-orders-list/:orderName"', 'status_code="200"')).toBe(
      requests(before, 'route="/api/admin/get-orders-list/:orderName"', 'status_code="200"') + 3,
    );
    expect(requests(after, 'route="/api/admin/change-order-status"', 'method="PUT"')).toBe(
      requests(before, 'route="/api/admin/change-order-status"', 'method="PUT"') + 1,
    );
    expect(requests(after, 'route="/api/admin/get-orders-details/:orderId"', 'status_code="404"')).toBe(
      requests(before, 'route="/api/admin/get-orders-details/:orderId"', 'status_code="404"') + 1,
    );
    expect([...after.keys()].some((k) => k.includes('999999999'))).toBe(false);
    expect(total(after, 'http_request_duration_seconds_bucket', 'le="+Inf"')).toBeGreaterThan(0);

    for (const state of ['used', 'free', 'pending']) {
      expect(total(after, 'db_pool_connections', `state="${state}"`)).toBeGreaterThanOrEqual(0);
    }
    expect(
      total(after, 'db_pool_connections', 'state="free"')! + total(after, 'db_pool_connections', 'state="used"')!,
    ).toBeGreaterThan(0);
    expect(total(after, 'db_query_duration_seconds_count', 'outcome="ok"')).toBeGreaterThan(
      total(before, 'db_query_duration_seconds_count', 'outcome="ok"') ?? 0,
    );
    expect(total(after, 'db_transaction_retries_total')).toBeGreaterThanOrEqual(0);
    expect(total(after, 'db_transaction_conflicts_total')).toBeGreaterThanOrEqual(0);

    expect(total(after, 'mail_outbox_depth')).toBeGreaterThanOrEqual(1);
    expect(total(after, 'mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(3600);
    expect(total(after, 'live_streams_open')).toBe(1);
    stream.close();

    expect(total(after, 'report_rollup_changes_queued')).toBeGreaterThanOrEqual(0);
    if (redisAvailable) expect(total(after, 'redis_up')).toBe(1);
    expect(total(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it.runIf(dialect === 'mysql')('counts a transaction run again after it lost a deadlock', async () => {
    const before = total(await scrape(), 'db_transaction_retries_total') ?? 0;
    const [a, b] = await t.db('orders').orderBy('order_id').limit(2).pluck('order_id');
    // Two transactions lock the same two orders in opposite orders: InnoDB rolls one back (1213), which runs again.
    let arrived = 0;
    let release!: () => void;
    const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
    const lockInOrder = (first: number, second: number) =>
      withTransactionRetry(t.db, async (trx: Knex.Transaction) => {
        await trx('orders').where({ order_id: first }).forUpdate().first('order_id');
        if (++arrived === 2) release();
        await bothHoldOne;
        await trx('orders').where({ order_id: second }).forUpdate().first('order_id');
      });
    await Promise.all([lockInOrder(a, b), lockInOrder(b, a)]);
    expect(total(await scrape(), 'db_transaction_retries_total')).toBeGreaterThanOrEqual(before + 1);
  });

  it('gives every answer a request id, and names it in the answer of a failure of ours', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-request-id']).toMatch(UUID);
    // Without TRUST_PROXY a client's own id is not taken.
    const given = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'from-client' } });
    expect(given.headers['x-request-id']).toMatch(UUID);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { config: { trustProxy: true } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/http_request_duration_seconds/);
  });

  it('keeps the request id a trusted proxy sent', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-42.abc' } });
    expect(res.headers['x-request-id']).toBe('lb-42.abc');
    const odd = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b\u00e9' } });
    expect(odd.headers['x-request-id']).toMatch(UUID);
  });
});

/**
 * Readiness against liveness, the database and Redis each reached through a TCP proxy that can cut
 * them: /api/health/ready answers 503 while either is away, /api/health 200 throughout.
 */
describe.runIf(dialects().includes('mysql'))('readiness while MySQL or Redis is away', () => {
  let testDb: TestDb;
  let mysqlProxy: TcpProxy;
  let redisProxy: TcpProxy | undefined;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    testDb = await createTestDb('mysql');
    const mysql = new URL(MYSQL_URL);
    mysqlProxy = await startTcpProxy({ host: mysql.hostname, port: Number(mysql.port || 3306) });
    const viaProxy = new URL(testDb.databaseUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(mysqlProxy.port);
    let redisUrl = '';
    if (redisAvailable) {
      const redis = new URL(REDIS_URL);
      redisProxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
      redisUrl = `redis://127.0.0.1:${redisProxy.port}`;
    }
    const config = loadConfig(
      { NODE_ENV: 'test' },
      {
        dataDir: testDb.dataDir,
        databaseUrl: viaProxy.toString(),
        redisUrl,
        jwtSecret: TEST_JWT_SECRET,
        mailWorker: false,
        metricsToken: TOKEN,
      },
    );
    app = await buildApp({ config });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await mysqlProxy?.close();
    await redisProxy?.close();
    await testDb?.drop();
  });

  const get = (url: string) => app.inject({ method: 'GET', url });
  const waitForReady = async () => {
    for (;;) {
      const res = await get('/api/health/ready');
      if (res.statusCode === 200) return res;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('answers 503 on /api/health/ready while MySQL is cut, 200 on /api/health, and ready again after', async () => {
    expect((await waitForReady()).json()).toEqual({ status: 1, message: 'ready' });
    await mysqlProxy.cut();
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().message).toMatch(/database/);
    expect((await get('/api/health')).statusCode).toBe(200);
    // A request that needs the database fails as ours, naming its request id.
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: 'manager@demo.test', password: 'demo1234' },
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.json().requestId).toBe(signIn.headers['x-request-id']);
    await mysqlProxy.restore();
    await waitForReady();
  });

  it.runIf(redisAvailable)('answers 503 on /api/health/ready while the required Redis is cut', async () => {
    await waitForReady();
    await redisProxy!.cut();
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().message).toMatch(/Redis/);
    expect((await get('/api/health')).statusCode).toBe(200);
    const scrape = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(parseMetrics(scrape.body).get('redis_up')).toBe(0);
    await redisProxy!.restore();
    await waitForReady();
  });
});
