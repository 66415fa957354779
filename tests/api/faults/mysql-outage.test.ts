import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../api/src/app.js';
import { loadConfig } from '../../../api/src/config.js';
import { TEST_JWT_SECRET } from '../../helpers/app.js';
import { countersAndRecount, rollupsAndRebuild } from '../../helpers/consistency.js';
import { createTestDb, dialects, type TestDb } from '../../helpers/db.js';
import { startTcpProxy, type TcpProxy } from '../../helpers/tcpProxy.js';
import { MYSQL_URL } from '../../setup/mysql.js';

const hasMysql = dialects().includes('mysql');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * "MySQL restarts under the running API", without touching the MySQL server other tests share: the
 * API reaches MySQL through a TCP proxy that drops every connection and refuses new ones for a few
 * seconds. Requests fail cleanly (503 with a message, quickly), and work again without restarting the API.
 */
describe.skipIf(!hasMysql)('the API while MySQL restarts', () => {
  let testDb: TestDb;
  let proxy: TcpProxy;
  let app: FastifyInstance;
  let token: string;
  let orderIds: number[];

  beforeAll(async () => {
    testDb = await createTestDb('mysql');
    const mysql = new URL(MYSQL_URL);
    proxy = await startTcpProxy({ host: mysql.hostname, port: Number(mysql.port || 3306) });
    const viaProxy = new URL(testDb.databaseUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const config = loadConfig(
      { NODE_ENV: 'test' },
      {
        dataDir: testDb.dataDir,
        databaseUrl: viaProxy.toString(),
        jwtSecret: TEST_JWT_SECRET,
        mailWorker: false,
        loginRateMax: 1000,
      },
    );
    // The app makes and owns its connection pool, through the proxy, as in production.
    app = await buildApp({ config });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: 'manager@demo.test', password: 'demo1234' },
    });
    token = login.json().token;
    orderIds = await testDb
      .db('orders')
      .where({ process_status: 'New' })
      .orderBy('order_id')
      .limit(20)
      .pluck('order_id');
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await testDb?.drop();
  });

  /** A mix of reads and writes, each on its own order so that every write can succeed. */
  const traffic = (round: number) => {
    const orderId = orderIds[round]!;
    const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, payload, headers: { authorization: token } });
    return Promise.all([
      app.inject({ method: 'GET', url: '/api/health/ready' }),
      call('GET', '/api/admin/get-folder-count'),
      call('GET', '/api/admin/get-orders-list/newOrder?limit=50'),
      call('GET', `/api/admin/get-orders-details/${orderId}`),
      call('PUT', '/api/admin/change-order-status', { orderId, updatingStatus: 'Awaiting' }),
      call('POST', '/api/admin/add-new-remark', { orderId, remark: `round ${round}` }),
      app.inject({
        method: 'POST',
        url: '/api/admin/admin-login',
        payload: { email: 'team@demo.test', password: 'demo1234' },
      }),
    ]);
  };
  const expectUnavailable = (answers: LightMyRequestResponse[]) => {
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ status: 0, message: expect.stringMatching(/not answering/) });
    }
  };

  it('answers 503 with a message while MySQL is away, quickly, and works again once it is back', async () => {
    expect((await traffic(0)).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200]);

    await proxy.cut();
    for (let round = 1; round <= 3; round++) {
      const started = Date.now();
      expectUnavailable(await traffic(round));
      // Refused connections fail at once: requests do not hang until a timeout.
      expect(Date.now() - started).toBeLessThan(5000);
      await sleep(1000);
    }

    await proxy.restore();
    const back = Date.now();
    let health = 0;
    while (health !== 200 && Date.now() - back < 15_000) {
      health = (await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode;
      if (health !== 200) await sleep(200);
    }
    expect(health).toBe(200);
    expect((await traffic(4)).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200]);
  });

  it('cuts connections in the middle of requests: each answers or fails cleanly, and nothing is half-written', async () => {
    for (let round = 5; round < 15; round++) {
      const pending = traffic(round);
      await sleep(2 + (round % 4) * 3);
      await proxy.cut();
      const answers = await pending;
      for (const res of answers) {
        expect([200, 503], res.body).toContain(res.statusCode);
        expect(res.json().message).toBeTruthy();
      }
      await proxy.restore();
      // The pool replaces its dead connections by itself.
      let ok = false;
      for (let i = 0; i < 50 && !ok; i++) {
        ok = (await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode === 200;
        if (!ok) await sleep(100);
      }
      expect(ok).toBe(true);
    }
    // A move cut short either happened whole (order, counters, audit) or not at all.
    const { stored, recounted } = await countersAndRecount(testDb.db);
    expect(stored).toEqual(recounted);
    // Its report changes were queued with it, and the worker applied each once the database answered.
    const rollups = await rollupsAndRebuild(testDb.db);
    expect(rollups.stored).toEqual(rollups.rebuilt);
    const moved = await testDb.db('orders').whereIn('order_id', orderIds).where({ process_status: 'Awaiting' });
    const audited = await testDb
      .db('audit_events')
      .whereIn('order_id', orderIds)
      .where({ action: 'move', to_value: 'Awaiting' })
      .pluck('order_id');
    expect(moved.map((o) => o.order_id).sort()).toEqual([...new Set(audited)].sort());
  });
});
