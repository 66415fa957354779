import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import mysql from 'mysql2/promise';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayUtc } from '@app/domain';
import { buildApp } from '../../../api/src/app.js';
import { loadConfig } from '../../../api/src/config.js';
import { createDb } from '../../../api/src/db/knex.js';
import { countryReport, processedByReport } from '../../../api/src/modules/reports/service.js';
import { migrateLatest } from '../../../migrations/index.js';
import { DEMO_PASSWORD, seedDemo } from '../../../seeds/index.js';
import {
  connect,
  PRIMARY,
  primaryUrl,
  REPLICA,
  replicaReadUrl,
  replicaStatus,
  replicationRunning,
  startReplication,
  stopReplication,
  waitForReplica,
} from '../../../scripts/replica.js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../helpers/app.js';
import { rollupsSettled } from '../../helpers/consistency.js';
import { createTestDb, dialects, type TestDb } from '../../helpers/db.js';

const DAY = '2020-02-02';

describe('DATABASE_READ_URL', () => {
  it('is refused unless it is a mysql:// address beside a MySQL DATABASE_URL', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'replica-config-'));
    const load = (env: Record<string, string>) => () =>
      loadConfig({ NODE_ENV: 'test', ...env }, { dataDir, jwtSecret: TEST_JWT_SECRET });
    expect(load({ DATABASE_READ_URL: 'mysql://reader@replica/db' })).toThrow(/DATABASE_READ_URL/);
    expect(load({ DATABASE_URL: 'mysql://root@primary/db', DATABASE_READ_URL: 'postgres://replica/db' })).toThrow(
      /DATABASE_READ_URL/,
    );
    expect(
      load({ DATABASE_URL: 'mysql://root@primary/db', DATABASE_READ_URL: 'mysql://reader@replica/db' })(),
    ).toMatchObject({ databaseReadUrl: 'mysql://reader@replica/db' });
    expect(load({})().databaseReadUrl).toBe('');
  });
});

/**
 * DATABASE_READ_URL: the two reports and their CSV exports (the report resources the
 * admin exports from) read through a second pool on the replica, and nothing is written there. The
 * read database here is a separate one holding numbers the primary does not have: an answer with
 * them can only have come from it.
 */
describe.skipIf(!dialects().includes('mysql'))('reports on a read database (DATABASE_READ_URL)', () => {
  let t: TestApp;
  let readDb: TestDb;
  let token: string;

  beforeAll(async () => {
    readDb = await createTestDb('mysql', { seed: false });
    await readDb
      .db('report_country_totals')
      .insert({ period: 'day', day: DAY, nationality: 'ATLANTIS', standard_count: 7, priority_count: 2 });
    await readDb
      .db('report_processed_totals')
      .insert({ period: 'day', day: DAY, processed_by: 'Replica Reader', count: 5 });
    t = await createTestApp('mysql', { config: { databaseReadUrl: readDb.databaseUrl } });
    token = await t.login('admin@demo.test');
  });
  afterAll(async () => {
    await t?.close();
    await readDb?.drop();
  });

  const post = (url: string) => t.call(token, { method: 'POST', url, payload: { fromDate: DAY, toDate: DAY } });
  const getList = (resource: string) =>
    t.call(token, {
      method: 'GET',
      url: `/api/${resource}`,
      query: { filter: JSON.stringify({ from: DAY, to: DAY }) },
    });

  it('answers both reports and their resources from the read database', async () => {
    const atlantis = { nationality: 'ATLANTIS', count: 9, standard_count: 7, priority_count: 2, future_count: 0 };
    expect((await post('/api/admin/get-country-order-count')).json().data).toEqual([atlantis]);
    expect((await post('/api/admin/get-processed-by-count')).json().data).toEqual([
      { processed_by: 'Replica Reader', count: 5 },
    ]);
    expect((await getList('country-report')).json()).toMatchObject([atlantis]);
    expect((await getList('processed-by-report')).json()).toMatchObject([{ processed_by: 'Replica Reader', count: 5 }]);
    // The primary has none of it.
    expect(await t.db('report_country_totals').where({ day: DAY })).toEqual([]);
  });

  it('writes to the primary only', async () => {
    const order = await t.db('orders').where('process_status', 'New').first('order_id', 'nationality', 'created_at');
    const res = await t.call(token, {
      method: 'PUT',
      url: '/api/admin/change-order-status',
      payload: { orderId: order.order_id, updatingStatus: 'Deleted' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.db('orders').where({ order_id: order.order_id }).first()).process_status).toBe('Deleted');
    // The read database kept exactly what it held: its totals, and no orders or audit rows.
    expect(await readDb.db('report_country_totals').sum({ n: 'standard_count' }).first()).toEqual({ n: 7 });
    expect(await readDb.db('orders').count({ n: '*' }).first()).toEqual({ n: 0 });
    expect(await readDb.db('audit_events').count({ n: '*' }).first()).toEqual({ n: 0 });
  });
});

const WANT_REPLICA = process.env.REQUIRE_REPLICA === '1' || process.env.REPLICA === '1';
if (!WANT_REPLICA) {
  console.warn('The MariaDB replica test is skipped: set REPLICA=1 to run it (it starts npm run replica:start).');
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/**
 * A real MariaDB replica (scripts/replica.ts): the API writes to the primary and reads the reports
 * from the replica as a SELECT-only user. A change made through the API shows in the report once the
 * rollup worker has applied it on the primary and the replica has applied that, each waited for (the
 * queue empty, the replica's GTID position), never on a clock.
 */
describe.runIf(WANT_REPLICA)('reports read from a MariaDB replica', () => {
  const database = `tdac_replica_${crypto.randomBytes(4).toString('hex')}`;
  let dataDir: string;
  let startedHere = false;
  let db: Knex;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tdac-replica-test-'));
    startedHere = !replicationRunning();
    await startReplication();
    const admin = await connect(PRIMARY);
    await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
    db = createDb({ databaseUrl: primaryUrl(database), dataDir });
    await migrateLatest(db);
    await seedDemo(db, dataDir);
    const config = loadConfig(
      { NODE_ENV: 'test' },
      {
        dataDir,
        databaseUrl: primaryUrl(database),
        databaseReadUrl: replicaReadUrl(database),
        jwtSecret: TEST_JWT_SECRET,
        mailWorker: false,
        loginRateMax: 1000,
      },
    );
    app = await buildApp({ config, db });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: 'manager@demo.test', password: DEMO_PASSWORD },
    });
    token = login.json().token;
    await waitForReplica();
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    const admin = await connect(PRIMARY).catch(() => null);
    await admin?.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin?.end();
    await db?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (startedHere) await stopReplication();
  }, 120_000);

  const range = { fromDate: '2000-01-01', toDate: todayUtc() };
  const report = async (url: string) =>
    (await app.inject({ method: 'POST', url, headers: { authorization: token }, payload: range })).json().data;

  it('shows each change in the reports once the replica has applied it, and measures the lag', async () => {
    const ids: number[] = (
      await db('orders').whereNot('process_status', 'Deleted').orderBy('order_id').limit(70).pluck('order_id')
    ).map(Number);
    const open = { primary: await connect(PRIMARY), replica: await connect(REPLICA) };
    const move = (orderId: number) =>
      app.inject({
        method: 'PUT',
        url: '/api/admin/change-order-status',
        headers: { authorization: token },
        payload: { orderId, updatingStatus: 'Deleted' },
      });
    // One change at a time: from the answer to the replica holding it (applied to the totals by the rollup
    // worker, then replicated), what a member opening the report at once may miss.
    const lags: number[] = [];
    const settled = async () => {
      const start = performance.now();
      await rollupsSettled(db);
      return performance.now() - start + (await waitForReplica(open));
    };
    for (const orderId of ids.slice(0, 20)) {
      const res = await move(orderId);
      expect(res.statusCode, res.body).toBe(200);
      lags.push(await settled());
      expect(await report('/api/admin/get-country-order-count')).toEqual(
        await countryReport(db, range.fromDate, range.toDate),
      );
    }
    // A burst of 50 changes at once: from the last answer until the replica has them all.
    const answers = await Promise.all(ids.slice(20).map(move));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const burstLag = await settled();
    expect(await report('/api/admin/get-country-order-count')).toEqual(
      await countryReport(db, range.fromDate, range.toDate),
    );
    expect(await report('/api/admin/get-processed-by-count')).toEqual(
      await processedByReport(db, range.fromDate, range.toDate),
    );
    const status = await replicaStatus(open.replica);
    await Promise.all([open.primary.end(), open.replica.end()]);
    expect(status).toMatchObject({ ioRunning: 'Yes', sqlRunning: 'Yes', secondsBehind: 0 });
    lags.sort((a, b) => a - b);
    console.log(
      `replica lag after one change (${lags.length} changes): p50 ${percentile(lags, 0.5).toFixed(2)} ms, ` +
        `p95 ${percentile(lags, 0.95).toFixed(2)} ms, max ${lags.at(-1)!.toFixed(2)} ms; ` +
        `after a burst of ${answers.length} changes: ${burstLag.toFixed(2)} ms`,
    );
  });

  it('refuses writes on the replica for the reports user', async () => {
    const reader = await mysql.createConnection({ uri: replicaReadUrl(database) });
    await expect(reader.query('DELETE FROM report_country_totals')).rejects.toThrow(/denied|read-only/);
    await reader.end();
  });
});
