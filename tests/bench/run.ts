/**
 * npm run bench: the real server on the configured database (DATABASE_URL, else the SQLite file
 * under DATA_DIR), driven by autocannon on loopback, next to the bare service/SQL calls each endpoint
 * runs, timed straight through knex in the same run. Prints the budgets' table (docs/performance.md), then
 * every queue's first page through one API process beside the bare handler (bareHandler.ts: node:http and
 * mysql2 running the statements the API's service runs for that page) with the same connections and
 * duration (req/s, and each process's CPU per request, which the machine's other load hardly moves), the
 * API's CPU per page with two custom columns and without, the write budgets (writes.ts), and writes
 * bench/results.json. Fill the database first: npm run seed:bulk -- --orders 1000000
 * Custom fields and a custom queue are made through the API and filled in SQL first (customFields.ts).
 * BENCH_ONLY=throughput measures only the first pages against the bare handler; BENCH_ONLY=custom only the
 * custom-field entries beside the folder counts and queue pages, then the custom columns' CPU per page;
 * BENCH_ONLY=writes only the write budgets (a move, an assignment, a comment one at a time, moves 8 at once,
 * each beside the same service call through knex); BENCH_ONLY=automation only automation's (a move
 * with 20 event rules beside one without, a scheduler pass that finds nothing due: automation.ts);
 * BENCH_ONLY=disputes only the dispute desk's (disputes.ts), BENCH_ONLY=search only search's (search.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import type { Knex } from 'knex';
import { QUEUES, RESOURCES, dayjs, effectiveRegistry, queueByOrderName } from '@app/domain';
import { loadConfig } from '../../api/src/config.js';
import { createDb } from '../../api/src/db/knex.js';
import type { Member } from '../../api/src/types.js';
import { folderCounts, listQueue, orderDetails } from '../../api/src/modules/orders/service.js';
import { readConfiguration } from '../../api/src/modules/configuration/service.js';
import { countryReport, processedByReport } from '../../api/src/modules/reports/service.js';
import { startBareHandler, statementsOf, type Statement } from './bareHandler.js';
import { customScenarios, prepareCustomFields, removeCustomFields, type Scenario } from './customFields.js';
import { writeRows } from './writes.js';
import { automationRows } from './automation.js';
import { disputeScenarios, prepareDisputes } from './disputes.js';
import { searchScenarios } from './search.js';
import { databasePid, handlerReads, percentile, round } from './measure.js';
import { cpuMicrosOf, startServerProcess } from '../helpers/serverProcess.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Connections of the throughput runs: enough to keep every API process busy. */
const THROUGHPUT_CONNECTIONS = Number(process.env.BENCH_THROUGHPUT_CONNECTIONS ?? 32);
/** An uncached first page of every queue, one API process, serves at least this share of the bare handler's rate. */
const BARE_SHARE = 0.75;
/** Two custom columns on a page cost at most this times the API's CPU per page without them. */
const CUSTOM_COLUMNS_SHARE = 1.33;
const ONLY_THROUGHPUT = process.env.BENCH_ONLY === 'throughput';
const ONLY_CUSTOM = process.env.BENCH_ONLY === 'custom';
const ONLY_AUTOMATION = process.env.BENCH_ONLY === 'automation';
const ONLY_DISPUTES = process.env.BENCH_ONLY === 'disputes';
const ONLY_SEARCH = process.env.BENCH_ONLY === 'search';
const ONLY_WRITES = process.env.BENCH_ONLY === 'writes';
/** Runs of one group of entries, each written to bench/results-<group>.json. */
const ONLY_ENTRIES = ONLY_CUSTOM || ONLY_DISPUTES || ONLY_SEARCH;
/** A direct call slower than this is far out of any budget: a few samples tell enough. */
const SLOW_MS = 500;
/** A call whose direct p50 is over this is not driven through HTTP (see main). */
const SKIP_HTTP_MS = 2000;

async function timeDirect(fn: () => Promise<unknown>) {
  const samples: number[] = [];
  const until = Date.now() + Math.min(3000, SECONDS * 500);
  while (Date.now() < until || samples.length < (samples[0]! > SLOW_MS ? 3 : 20)) {
    const t = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    n: samples.length,
  };
}

type Request = Pick<Scenario, 'method' | 'path' | 'body'>;

async function drive(url: string, token: string, s: Request, connections = CONNECTIONS, duration = SECONDS) {
  const latencies: number[] = [];
  const instance = autocannon({
    url: url + s.path,
    method: s.method,
    connections,
    duration,
    headers: { authorization: token, 'content-type': 'application/json' },
    body: s.body === undefined ? undefined : JSON.stringify(s.body),
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
    latencies.push(responseTime),
  );
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: result.requests.average,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

async function scenarios(db: Knex, member: Member): Promise<Scenario[]> {
  if (ONLY_DISPUTES) return disputeScenarios(db, member);
  if (ONLY_SEARCH) return searchScenarios(db, member);
  const completed = queueByOrderName('completedOrder')!;
  const counts = await folderCounts(db, member);
  const pageAt = (limit: number, depth: number) =>
    Math.max(1, Math.ceil(Math.floor(counts.completedOrdersCount! * depth) / limit));
  const sample = await db('orders')
    .where('process_status', 'Completed')
    .orderBy('order_id', 'desc')
    .offset(1000)
    .first('order_id');
  if (!sample) throw new Error('The database has too few orders: run npm run seed:bulk first.');
  const list = (limit: number, page: number, label = page === 1 ? 'first' : `page ${page}`): Scenario => ({
    name: `queue page ${label}, size ${limit}`,
    method: 'GET',
    path: `/api/admin/get-orders-list/completedOrder?page=${page}&limit=${limit}&delay=1`,
    direct: () => listQueue(db, member, completed, { page, limit, sort: 'order_id', order: 'desc' }),
    budgetP95: 15,
  });
  /** Both reports over the last `days` days, today included (the budget: any range p95 <= 25 ms). */
  const reports = (days: number): Scenario[] => {
    const fromDate = dayjs
      .utc()
      .subtract(days - 1, 'day')
      .format('YYYY-MM-DD');
    const toDate = dayjs.utc().format('YYYY-MM-DD');
    const body = { fromDate, toDate };
    return [
      {
        name: `country report (${days} d)`,
        method: 'POST',
        path: '/api/admin/get-country-order-count',
        body,
        direct: () => countryReport(db, fromDate, toDate),
        budgetP95: 25,
      },
      {
        name: `processed-by report (${days} d)`,
        method: 'POST',
        path: '/api/admin/get-processed-by-count',
        body,
        direct: () => processedByReport(db, fromDate, toDate),
        budgetP95: 25,
      },
    ];
  };
  const baselines: Scenario[] = [
    {
      name: 'folder counts',
      method: 'GET',
      path: '/api/admin/get-folder-count?userName=x',
      direct: () => folderCounts(db, member),
      budgetP95: 25,
    },
    list(10, 1),
    ...[10, 100].flatMap((limit) => [
      ...(limit === 100 ? [list(100, 1)] : []),
      list(limit, pageAt(limit, 0.5), `middle (${pageAt(limit, 0.5)})`),
      list(limit, pageAt(limit, 0.8), `80% (${pageAt(limit, 0.8)})`),
      list(limit, pageAt(limit, 1), `last (${pageAt(limit, 1)})`),
    ]),
  ];
  if (ONLY_CUSTOM) return [...baselines, ...(await customScenarios(db, member))];
  return [
    ...baselines,
    ...(await searchScenarios(db, member)),
    {
      name: 'order detail',
      method: 'GET',
      path: `/api/admin/get-orders-details/${sample.order_id}`,
      direct: () => orderDetails(db, String(sample.order_id)),
    },
    ...[1, 7, 30, 365].flatMap(reports),
    ...(await customScenarios(db, member)),
    ...(await disputeScenarios(db, member)),
  ];
}

const firstPage = (orderName: string): Request => ({
  method: 'GET',
  path: `/api/admin/get-orders-list/${orderName}?page=1&limit=10`,
});
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** CPU time (µs) the database server has used so far, when it runs on this machine (set by main); else NaN. */
let databaseCpu = () => NaN;

/** A server measured under load: where it listens and the CPU it has used so far (µs). */
interface Measured {
  url: string;
  cpuMicros(): number;
}

/**
 * autocannon stops sending at the end of its run, but the requests it left queued are still served: each
 * run starts once the server is done with them (under a quarter of a core for a quarter second; an idle API
 * process's own timers take a tenth of a core on a loaded machine), so that it does not pay for the last one's.
 */
async function settle(server: Measured) {
  for (let waited = 0; waited < 60_000; waited += 250) {
    const before = server.cpuMicros();
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (server.cpuMicros() - before < 62_500) return;
  }
}

/**
 * A run at THROUGHPUT_CONNECTIONS once the server is idle, and the CPU the server spent per request in it:
 * unlike req/s, hardly moved by the machine's load. clientMicros is autocannon's (this process), which
 * shares the machine's cores with the server.
 */
async function measureCpu(server: Measured, token: string, request: Request) {
  await settle(server);
  const before = server.cpuMicros();
  const database = databaseCpu();
  const client = process.cpuUsage();
  const run = await drive(server.url, token, request, THROUGHPUT_CONNECTIONS);
  const requests = Math.max(1, run.requests);
  const { user, system } = process.cpuUsage(client);
  return {
    ...run,
    cpuMicros: (server.cpuMicros() - before) / requests,
    dbMicros: (databaseCpu() - database) / requests,
    clientMicros: (user + system) / requests,
    load1: os.loadavg()[0]!.toFixed(2),
  };
}

/** One API process, as npm start runs each worker. */
const startOneProcess = (config: ReturnType<typeof loadConfig>) => startServer(config, 'api/src/server.ts');

/**
 * Each queue's first page (read each time) through one API process beside the bare handler (bareHandler.ts)
 * serving the statements the API's own service call runs for that page, captured in this run, at the same
 * connections and duration, one right after the other (which goes first alternates), so that the load the
 * rest of the machine puts on it in that minute weighs on both figures alike.
 */
async function firstPagesAgainstBare(config: ReturnType<typeof loadConfig>, db: Knex, member: Member, token: string) {
  const registry = effectiveRegistry(RESOURCES, await readConfiguration(db));
  const routes: Record<string, Statement[]> = {};
  for (const queue of QUEUES) {
    const options = { page: 1, limit: 10, sort: '', order: '' };
    routes[`/${queue.orderName}`] = await statementsOf(db, () => listQueue(db, member, queue, options, registry));
  }
  const api = await startOneProcess(config);
  const bare = await startBareHandler(routes);
  const client = { api: 0, bare: 0 };
  const rows: Record<string, unknown>[] = [];
  try {
    for (const queue of QUEUES) {
      const bareRequest: Request = { method: 'GET', path: `/${queue.orderName}` };
      await drive(api.url, token, firstPage(queue.orderName), 2, 1);
      await drive(bare.url, token, bareRequest, 2, 1);
      const apiFirst = rows.length % 2 === 0;
      const first = apiFirst ? await measureCpu(api, token, firstPage(queue.orderName)) : null;
      const bareRun = await measureCpu(bare, token, bareRequest);
      const apiRun = first ?? (await measureCpu(api, token, firstPage(queue.orderName)));
      const ratio = bareRun.rps > 0 ? apiRun.rps / bareRun.rps : 0;
      client.api += apiRun.clientMicros / QUEUES.length;
      client.bare += bareRun.clientMicros / QUEUES.length;
      rows.push({
        queue: queue.label,
        statements: routes[`/${queue.orderName}`]!.length,
        'api req/s': Math.round(apiRun.rps),
        'bare req/s': Math.round(bareRun.rps),
        ratio: round(ratio),
        'api µs CPU/req': Math.round(apiRun.cpuMicros),
        'bare µs CPU/req': Math.round(bareRun.cpuMicros),
        'CPU x': round(apiRun.cpuMicros / bareRun.cpuMicros),
        'api db µs/req': Math.round(apiRun.dbMicros),
        'bare db µs/req': Math.round(bareRun.dbMicros),
        'api p95': round(apiRun.p95),
        'bare p95': round(bareRun.p95),
        errors: apiRun.errors + bareRun.errors,
        budget: `>= ${BARE_SHARE}: ${ratio >= BARE_SHARE ? 'met' : 'MISSED'}`,
        'load 1m': os.loadavg()[0]!.toFixed(2),
      });
      console.log(JSON.stringify(rows[rows.length - 1]));
    }
  } finally {
    await bare.kill();
    await api.kill('SIGTERM');
  }
  return { rows, clientMicros: { api: Math.round(client.api), bare: Math.round(client.bare) } };
}

/**
 * The API's CPU per first page (Completed Orders, 10 rows) with the two custom fields as columns, then with
 * none (both removed through the API, the custom queue on them first), then with them again: one API
 * process, at THROUGHPUT_CONNECTIONS.
 */
async function customColumnsCost(config: ReturnType<typeof loadConfig>, db: Knex, token: string) {
  const api = await startOneProcess(config);
  const page = firstPage('completedOrder');
  const runs: Array<[string, Awaited<ReturnType<typeof measureCpu>>]> = [];
  try {
    await drive(api.url, token, page, 2, 1);
    runs.push(['two custom columns', await measureCpu(api, token, page)]);
    await removeCustomFields(api.url, token);
    await drive(api.url, token, page, 2, 1);
    runs.push(['no custom field', await measureCpu(api, token, page)]);
  } finally {
    // Put back through the measured process, which reloads its registry at once.
    await prepareCustomFields(db, api.url, token);
  }
  try {
    await drive(api.url, token, page, 2, 1);
    runs.push(['two custom columns, again', await measureCpu(api, token, page)]);
  } finally {
    await api.kill('SIGTERM');
  }
  const none = runs[1]![1].cpuMicros;
  const withColumns = (runs[0]![1].cpuMicros + runs[2]![1].cpuMicros) / 2;
  const ratio = withColumns / none;
  const rows = runs.map(([columns, run]) => ({
    'Completed Orders first page': columns,
    'req/s': Math.round(run.rps),
    'µs CPU/page': Math.round(run.cpuMicros),
    'db µs/page': Math.round(run.dbMicros),
    errors: run.errors,
    'load 1m': run.load1,
  }));
  const verdict = `${Math.round(withColumns)} µs against ${Math.round(none)} µs without: ${round(ratio)}x, budget <= ${CUSTOM_COLUMNS_SHARE}x: ${ratio <= CUSTOM_COLUMNS_SHARE ? 'met' : 'MISSED'}`;
  return { rows, ratio: round(ratio), verdict };
}

const withPool = (url: string, size: number) => {
  const parsed = new URL(url);
  parsed.searchParams.set('pool', String(size));
  return parsed.toString();
};

/**
 * The server as npm start runs it (WEB_CONCURRENCY workers behind node:cluster), or one of its workers
 * alone (api/src/server.ts).
 */
function startServer(config: ReturnType<typeof loadConfig>, entry = 'api/src/cluster.ts') {
  return startServerProcess(
    {
      MAIL_WORKER: 'false',
      // The time rules', SLA and retention passes work on a bulk database for minutes (anonymising old orders,
      // SLA states) in the measured process, and its close waits for them: measured apart (BENCH_ONLY=automation).
      AUTOMATION_WORKER: 'false',
      RETENTION_WORKER: 'false',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // Not production: that refuses the demo accounts the bench signs in with; nothing else differs in speed.
      NODE_ENV: 'development',
      JWT_SECRET: config.jwtSecret,
    },
    { inheritStderr: true, entry },
  );
}

async function signIn(url: string) {
  const login = await fetch(`${url}/api/admin/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'demo1234' }),
  }).then((r) => r.json());
  if (!login.token) throw new Error(`Sign-in failed: ${login.message}`);
  return login as { token: string; data: Member };
}

/** Automation's entries, on one connection (automation.ts), printed and kept beside the other results. */
async function benchAutomation(config: ReturnType<typeof loadConfig>) {
  const one = createDb(config.databaseUrl ? { ...config, databaseUrl: withPool(config.databaseUrl, 1) } : config);
  try {
    const rows = await automationRows(config, one, Boolean(config.databaseUrl));
    console.table(rows);
    return rows;
  } finally {
    await one.destroy();
  }
}

async function main() {
  const config = loadConfig();
  if (ONLY_AUTOMATION) {
    fs.mkdirSync('bench', { recursive: true });
    const rows = await benchAutomation(config);
    fs.writeFileSync('bench/results-automation.json', JSON.stringify({ at: new Date().toISOString(), rows }, null, 2));
    return;
  }
  const db = createDb(config);
  const dbPid = config.databaseUrl ? await databasePid(db) : null;
  if (dbPid) databaseCpu = () => cpuMicrosOf(dbPid);
  let counting: Knex | null = null;
  const server = await startServer(config);
  const processes = Number(process.env.WEB_CONCURRENCY || (config.redisUrl ? os.availableParallelism() : 1));
  let peakRssMb = 0;
  const memory = setInterval(() => {
    try {
      peakRssMb = Math.max(peakRssMb, server.memoryMb('VmHWM'));
    } catch {
      /* the server has gone */
    }
  }, 500);
  try {
    const url = server.url;
    const login = await signIn(url);
    const member: Member = login.data;
    const values = ONLY_DISPUTES || ONLY_SEARCH ? {} : await prepareCustomFields(db, url, login.token);
    const disputes = ONLY_CUSTOM || ONLY_SEARCH ? undefined : await prepareDisputes(db);
    const orders = await db('order_counters').sum({ n: 'count' }).first();
    console.log(
      `\nBench on ${config.databaseUrl ? 'MySQL' : 'SQLite'}, ${Number(orders?.n ?? 0).toLocaleString('en')} orders, ${processes} API process(es)${config.redisUrl ? ' and Redis' : ''}, ${SECONDS} s per endpoint at 1 and at ${CONNECTIONS} connections; ${os.availableParallelism()} cores, load average ${loadAverage()}; custom values: ${Object.entries(
        values,
      )
        .map(([field, n]) => `${field} ${n.toLocaleString('en')}`)
        .join(', ')}${disputes === undefined ? '' : `; ${disputes.toLocaleString('en')} disputes`}\n`,
    );

    if (ONLY_WRITES) {
      const writes = await writeRows(config, server, login.token, member, SECONDS, databaseCpu);
      console.table(writes);
      console.log(`Load average at the end ${loadAverage()}`);
      fs.mkdirSync('bench', { recursive: true });
      const file = 'bench/results-writes.json';
      const at = new Date().toISOString();
      fs.writeFileSync(file, JSON.stringify({ at, orders: Number(orders?.n ?? 0), processes, writes }, null, 2));
      console.log(`Written to ${file}`);
      return;
    }

    const rows: Record<string, unknown>[] = [];
    const all = await scenarios(db, member);
    // The same calls on one connection, to count the rows each reads (MySQL's handler counters): a
    // figure that does not move with the load of the machine, unlike the times.
    counting = config.databaseUrl ? createDb({ ...config, databaseUrl: withPool(config.databaseUrl, 1) }) : null;
    const counted = counting ? await scenarios(counting, member) : [];
    // Warm the server up (JIT, connection pool) on every endpoint before measuring.
    for (const s of all) await drive(url, login.token, s, 2, 1);
    for (const s of ONLY_THROUGHPUT ? [] : all) {
      const direct = await timeDirect(s.direct);
      // On one connection a call's parallel queries wait for each other: a very slow one may outwait the pool.
      const rowsRead = counting
        ? await handlerReads(counting, counted.find((c) => c.name === s.name)!.direct).catch(() => NaN)
        : undefined;
      // Latency one request at a time (what one member waits, comparable with the direct call);
      // throughput and errors with CONNECTIONS at once. Calls far out of budget (seconds) are not driven:
      // autocannon would time out on them and the figures would say no more than the direct call does.
      const tooSlow = direct.p50 > SKIP_HTTP_MS;
      const skipped = { p50: NaN, p95: NaN, p99: NaN, rps: NaN, errors: 0 };
      const single = tooSlow ? skipped : await drive(url, login.token, s, 1);
      const loaded = tooSlow ? skipped : await drive(url, login.token, s);
      rows.push({
        endpoint: s.name,
        p50: round(single.p50),
        p95: round(single.p95),
        p99: round(single.p99),
        [`p95 @${CONNECTIONS}`]: round(loaded.p95),
        'req/s': Math.round(loaded.rps),
        errors: single.errors + loaded.errors,
        'sql p50': round(direct.p50),
        'sql p95': round(direct.p95),
        ...(rowsRead === undefined ? {} : { 'rows read': rowsRead }),
        'api/sql': round(single.p50 / direct.p50),
        budget: s.budgetP95
          ? `p95 <= ${s.budgetP95} ms: ${!tooSlow && single.p95 <= s.budgetP95 ? 'met' : 'MISSED'}${tooSlow ? ' (SQL alone, HTTP not driven)' : ''}`
          : '',
        'load 1m': os.loadavg()[0]!.toFixed(2),
      });
      // A long run shows its figures as it goes.
      console.log(JSON.stringify(rows[rows.length - 1]));
    }
    const customColumns = ONLY_CUSTOM ? await customColumnsCost(config, db, login.token) : undefined;
    if (ONLY_ENTRIES) {
      console.table(rows);
      if (customColumns) {
        console.log(
          `\nAPI CPU per first page with the two custom fields' columns and without, ${THROUGHPUT_CONNECTIONS} connections:`,
        );
        console.table(customColumns.rows);
        console.log(customColumns.verdict);
      }
      console.log(`Load average at the end ${loadAverage()}`);
      fs.mkdirSync('bench', { recursive: true });
      const at = new Date().toISOString();
      const file = `bench/results-${process.env.BENCH_ONLY}.json`;
      const written = { at, orders: Number(orders?.n ?? 0), disputes, rows, customColumns };
      fs.writeFileSync(file, JSON.stringify(written, null, 2));
      console.log(`Written to ${file}`);
      return;
    }
    // The bare handler speaks MySQL (mysql2) only.
    const { rows: firstPages, clientMicros } = config.databaseUrl
      ? await firstPagesAgainstBare(config, db, member, login.token)
      : { rows: [], clientMicros: { api: NaN, bare: NaN } };
    const costOfColumns = ONLY_THROUGHPUT ? undefined : await customColumnsCost(config, db, login.token);
    if (rows.length) console.table(rows);
    console.log(
      `\nFirst page of each queue (read each time) through one API process beside the bare handler running its statements, ${THROUGHPUT_CONNECTIONS} connections, ${SECONDS} s each:`,
    );
    console.table(firstPages);
    console.log(
      `The load generator (autocannon, in this process, on the same ${os.availableParallelism()} cores) spent ${clientMicros.api} µs of CPU per API request and ${clientMicros.bare} µs per bare handler request.`,
    );
    if (costOfColumns) {
      console.log(`\nAPI CPU per first page with the two custom fields' columns and without:`);
      console.table(costOfColumns.rows);
      console.log(costOfColumns.verdict);
    }
    console.log(`Load average at the end ${loadAverage()}`);
    console.log(`Server peak memory: ${Math.round(peakRssMb)} MB`);
    const automation = ONLY_THROUGHPUT ? [] : await benchAutomation(config);
    const writes = ONLY_THROUGHPUT ? [] : await writeRows(config, server, login.token, member, SECONDS, databaseCpu);
    if (writes.length) console.table(writes);
    fs.mkdirSync('bench', { recursive: true });
    fs.writeFileSync(
      'bench/results.json',
      JSON.stringify(
        {
          at: new Date().toISOString(),
          database: config.databaseUrl ? 'mysql' : 'sqlite',
          orders: Number(orders?.n ?? 0),
          seconds: SECONDS,
          connections: CONNECTIONS,
          rows,
          processes,
          redis: Boolean(config.redisUrl),
          throughputConnections: THROUGHPUT_CONNECTIONS,
          firstPages,
          clientCpuMicrosPerRequest: clientMicros,
          loadAverageAtEnd: os.loadavg(),
          peakRssMb: Math.round(peakRssMb),
          automation,
          customColumns: costOfColumns,
          writes,
        },
        null,
        2,
      ),
    );
    console.log('Written to bench/results.json');
  } finally {
    clearInterval(memory);
    await server.kill('SIGTERM');
    await db.destroy();
    await counting?.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
