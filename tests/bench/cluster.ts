/**
 * npm run bench:cluster: staff traffic through several API processes at once, the figures the
 * scale-out note compares. DATABASE_URL with one host puts every process on that database; with
 * several (a Galera cluster) process i uses node i (DATABASE_NODE). Reads are spread over every
 * process; moves and comments go through the first process alone, then through all of them, and each
 * write run counts the conflicts the processes retried (their /metrics) and, on a cluster, the
 * certification failures and brute-force aborts of each node (wsrep_local_cert_failures,
 * wsrep_local_bf_aborts). Reports are timed one request at a time over ranges of 1, 30 and 365 days
 * and all the orders, beside the service call straight through knex and the rows it reads.
 *
 * BENCH_PROCESSES (default 3; more than one needs REDIS_URL), BENCH_SECONDS (8), BENCH_CONNECTIONS
 * (12: a multiple of the processes), BENCH_ONLY=reads,reports,writes (any of them; default all three).
 * The writes move Awaiting orders to Contact Customer and back and add comments: use a scratch
 * database filled by npm run seed:bulk. Prints the tables with the load average and writes
 * bench/scaleout-<one|cluster>-<processes>.json.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import type { Request } from 'autocannon';
import mysql from 'mysql2/promise';
import { dayjs, DB_DATE } from '@app/domain';
import { loadConfig } from '../../api/src/config.js';
import { createDb, parseMysqlUrl } from '../../api/src/db/knex.js';
import { countryReport, processedByReport } from '../../api/src/modules/reports/service.js';
import { handlerReads, percentile, round } from './measure.js';
import { commentOn, driveSequence, moveCycle } from './writes.js';
import { startServerProcess, type ServerProcess } from '../helpers/serverProcess.js';

const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 12);
/** The parts to run: BENCH_ONLY=reads,writes; empty runs all three. */
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const runs = (part: string) => !ONLY.length || ONLY.includes(part);
const METRICS_TOKEN = crypto.randomBytes(16).toString('hex');

const load1 = () => os.loadavg()[0]!.toFixed(2);

/** Requests repeated on every connection for SECONDS (writes.ts). */
const drive = (urls: string[], token: string, requests: Request[], connections = CONNECTIONS) =>
  driveSequence(urls, token, requests, connections, SECONDS);

async function timeDirect(fn: () => Promise<unknown>) {
  const samples: number[] = [];
  const until = Date.now() + 3000;
  while (Date.now() < until || samples.length < 20) {
    const t = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return { p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)) };
}

const get = (path: string): Request => ({ method: 'GET', path });
const post = (path: string, body: object): Request => ({ method: 'POST', path, body: JSON.stringify(body) });

/** The retry counters of every process, summed. */
async function retryCounts(servers: ServerProcess[]) {
  const totals = { conflicts: 0, retries: 0, exhausted: 0 };
  for (const server of servers) {
    const text = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then(
      (r) => r.text(),
    );
    const value = (name: string) => Number(text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1] ?? 0);
    totals.conflicts += value('db_transaction_conflicts_total');
    totals.retries += value('db_transaction_retries_total');
    totals.exhausted += value('db_transaction_retries_exhausted_total');
  }
  return totals;
}

/** Certification failures and brute-force aborts of every node, summed (zero on one database). */
async function wsrepCounts(hosts: Array<{ host: string; port: number }>, user: string, password: string) {
  const totals = { certFailures: 0, bfAborts: 0 };
  if (hosts.length < 2) return totals;
  for (const { host, port } of hosts) {
    const conn = await mysql.createConnection({ host, port, user, password });
    try {
      const [rows] = await conn.query(
        "SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_local_cert_failures', 'wsrep_local_bf_aborts')",
      );
      for (const row of rows as Array<{ Variable_name: string; Value: string }>) {
        if (row.Variable_name === 'wsrep_local_cert_failures') totals.certFailures += Number(row.Value);
        else totals.bfAborts += Number(row.Value);
      }
    } finally {
      await conn.end();
    }
  }
  return totals;
}

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('DATABASE_URL must name the MariaDB database (one host or the cluster)');
  if (PROCESSES > 1 && !config.redisUrl) throw new Error('Several API processes need REDIS_URL');
  const address = parseMysqlUrl(config.databaseUrl);
  const cluster = address.hosts.length > 1;
  const label = `${cluster ? 'cluster' : 'one'}-${PROCESSES}`;
  const db = createDb(config);
  // The rows-read counts on one connection to the first host: the same on any node.
  const first = address.hosts[0]!;
  const counting = createDb({
    ...config,
    databaseUrl: `mysql://${encodeURIComponent(address.user)}:${encodeURIComponent(address.password)}@${first.host}:${first.port}/${address.database}?pool=1`,
  });
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  const servers: ServerProcess[] = [];
  const results: Record<string, Record<string, unknown>[]> = {};
  try {
    for (let i = 0; i < PROCESSES; i++) {
      servers.push(
        await startServerProcess(
          {
            ...(cluster ? { DATABASE_NODE: String((i % address.hosts.length) + 1) } : {}),
            MAIL_WORKER: 'false',
            SEED_DEMO: 'false',
            LOG_LEVEL: 'warn',
            // Not production: that refuses the demo accounts the bench signs in with.
            NODE_ENV: 'development',
            JWT_SECRET: jwtSecret,
            METRICS_TOKEN,
          },
          { inheritStderr: true },
        ),
      );
    }
    const urls = servers.map((s) => s.url);
    const login = await fetch(`${urls[0]}/api/admin/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'demo1234' }),
    }).then((r) => r.json() as Promise<{ token?: string; message?: string }>);
    if (!login.token) throw new Error(`Sign-in failed: ${login.message}`);
    const token = login.token;
    const orders = Number((await db('order_counters').sum({ n: 'count' }).first())?.n ?? 0);
    const sample = await db('orders')
      .where('process_status', 'Completed')
      .orderBy('order_id', 'desc')
      .offset(1000)
      .first('order_id');
    if (!sample) throw new Error('The database has too few orders: run npm run seed:bulk first.');
    console.log(
      `\nScale-out bench on ${cluster ? `a ${address.hosts.length}-node Galera cluster` : 'one MariaDB'}, ${orders.toLocaleString('en')} orders, ${PROCESSES} API process(es)${cluster ? ' (one per node)' : ''}${config.redisUrl ? ' and Redis' : ''}, ${SECONDS} s per run at ${CONNECTIONS} connections; ${os.availableParallelism()} cores, load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}\n`,
    );

    if (runs('reads')) {
      const reads: Array<[string, Request]> = [
        ['/api/health (the HTTP floor)', get('/api/health')],
        ['folder counts', get('/api/admin/get-folder-count')],
        ['Completed Orders first page, 10', get('/api/admin/get-orders-list/completedOrder?page=1&limit=10')],
        ['New Orders first page, 10', get('/api/admin/get-orders-list/newOrder?page=1&limit=10')],
        ['order page (details)', get(`/api/admin/get-orders-details/${sample.order_id}`)],
        [
          'search by order id',
          post('/api/admin/search-order', {
            start: 0,
            end: 10,
            searchVal: String(sample.order_id),
            folderName: 'allOrder',
          }),
        ],
      ];
      // Warm-up: JIT and connection pools on every process.
      for (const [, request] of reads) await drive(urls, token, [request], PROCESSES);
      const rows: Record<string, unknown>[] = [];
      for (const [name, request] of reads) {
        rows.push({ read: name, ...(await drive(urls, token, [request])), 'load 1m': load1() });
      }
      console.log(`Reads spread over the ${PROCESSES} process(es):`);
      console.table(rows);
      results.reads = rows;
    }

    if (runs('reports')) {
      const earliest = await db('orders').min({ at: 'created_at' }).first();
      const today = dayjs.utc().format(DB_DATE);
      const ranges: Array<[string, string]> = [
        ['1 day', today],
        ['30 days', dayjs.utc().subtract(29, 'day').format(DB_DATE)],
        ['365 days', dayjs.utc().subtract(364, 'day').format(DB_DATE)],
        ['all', String(earliest?.at ?? today).slice(0, 10)],
      ];
      const reports = [
        { name: 'country', path: '/api/admin/get-country-order-count', call: countryReport },
        { name: 'processed-by', path: '/api/admin/get-processed-by-count', call: processedByReport },
      ];
      const rows: Record<string, unknown>[] = [];
      for (const [range, fromDate] of ranges) {
        for (const report of reports) {
          const request = post(report.path, { fromDate, toDate: today });
          await drive(urls, token, [request], PROCESSES);
          const direct = await timeDirect(() => report.call(db, fromDate, today));
          const rowsRead = await handlerReads(counting, () => report.call(counting, fromDate, today));
          // One request at a time: what one member waits; then CONNECTIONS at once over every process.
          const single = await drive(urls.slice(0, 1), token, [request], 1);
          const loaded = await drive(urls, token, [request]);
          rows.push({
            report: `${report.name} (${range})`,
            p50: single.p50,
            p95: single.p95,
            [`p95 @${CONNECTIONS}`]: loaded.p95,
            [`req/s @${CONNECTIONS}`]: loaded['req/s'],
            errors: single.errors + loaded.errors,
            'sql p50': direct.p50,
            'sql p95': direct.p95,
            'rows read': rowsRead,
            budget: `p95 <= 25 ms: ${single.p95 <= 25 ? 'met' : 'MISSED'}`,
            'load 1m': load1(),
          });
        }
      }
      console.log('Reports, one request at a time through process 1 (p50, p95) and at once over all:');
      console.table(rows);
      results.reports = rows;
    }

    if (runs('writes')) {
      // Read before each run: a run that ends mid-cycle leaves an order in Contact Customer.
      const awaiting = async (): Promise<number[]> => {
        const ids: number[] = await db('orders')
          .where('process_status', 'Awaiting')
          .orderBy('order_id', 'desc')
          .limit(CONNECTIONS * 4)
          .pluck('order_id');
        if (ids.length < CONNECTIONS * 2) throw new Error('Too few Awaiting orders to move');
        return ids;
      };
      const targets: Array<[string, string[]]> = [
        ['through process 1', urls.slice(0, 1)],
        ...(urls.length > 1 ? ([[`through all ${urls.length}`, urls]] as Array<[string, string[]]>) : []),
      ];
      const writes: Array<[string, () => Promise<Request[]>]> = [
        ['moves (to Contact Customer and back)', async () => moveCycle(await awaiting())],
        ['comments', async () => commentOn(await awaiting())],
      ];
      const rows: Record<string, unknown>[] = [];
      for (const [name, requests] of writes) {
        for (const [where, targetUrls] of targets) {
          await drive(targetUrls, token, await requests(), PROCESSES);
          const sequence = await requests();
          const before = {
            ...(await retryCounts(servers)),
            ...(await wsrepCounts(address.hosts, address.user, address.password)),
          };
          const run = await drive(targetUrls, token, sequence);
          const after = {
            ...(await retryCounts(servers)),
            ...(await wsrepCounts(address.hosts, address.user, address.password)),
          };
          const requestsDone = Math.round(run['req/s'] * SECONDS);
          const conflicts = after.conflicts - before.conflicts;
          rows.push({
            write: `${name} ${where}`,
            ...run,
            conflicts,
            'per 100': round((conflicts / Math.max(requestsDone, 1)) * 100),
            retried: after.retries - before.retries,
            'gave up': after.exhausted - before.exhausted,
            ...(cluster
              ? {
                  'cert failures': after.certFailures - before.certFailures,
                  'bf aborts': after.bfAborts - before.bfAborts,
                }
              : {}),
            'load 1m': load1(),
          });
        }
      }
      console.log('Writes (each connection its own orders):');
      console.table(rows);
      results.writes = rows;
    }

    fs.mkdirSync('bench', { recursive: true });
    const file = `bench/scaleout-${label}.json`;
    fs.writeFileSync(
      file,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          database: cluster ? `galera x${address.hosts.length}` : 'one mariadb',
          orders,
          processes: PROCESSES,
          seconds: SECONDS,
          connections: CONNECTIONS,
          loadAverageAtEnd: os.loadavg(),
          ...results,
        },
        null,
        2,
      ),
    );
    console.log(
      `Load average at the end ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}; written to ${file}`,
    );
  } finally {
    for (const server of servers) await server.kill('SIGTERM');
    await db.destroy();
    await counting.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
