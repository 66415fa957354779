/**
 * npm run bench: the real server on the configured database (DATABASE_URL, else the SQLite file
 * under DATA_DIR), driven by autocannon on loopback, next to the bare service/SQL calls each endpoint
 * runs, timed straight through knex in the same run. Prints the budgets' table (docs/performance.md), then
 * every queue's first page against /api/health (the HTTP floor) with the same connections and duration
 * (req/s, and the API processes' CPU per request, which the machine's other load hardly moves), and
 * writes bench/results.json. Fill the database first: npm run seed:bulk -- --orders 1000000
 * Custom fields and a custom queue are made through the API and filled in SQL first (customFields.ts).
 * BENCH_ONLY=throughput measures only the first pages against the floor; BENCH_ONLY=custom only the
 * custom-field entries beside the folder counts and queue pages; BENCH_ONLY=automation only automation's (a move
 * with 20 event rules beside one without, a scheduler pass that finds nothing due: automation.ts);
 * BENCH_ONLY=disputes only the dispute desk's (disputes.ts), BENCH_ONLY=search only search's (search.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import type { Knex } from 'knex';
import { QUEUES, queueByOrderName, dayjs } from '@app/domain';
import { loadConfig } from '../../api/src/config.js';
import { createDb } from '../../api/src/db/knex.js';
import type { Member } from '../../api/src/types.js';
import { folderCounts, listQueue, orderDetails } from '../../api/src/modules/orders/service.js';
import { countryReport, processedByReport } from '../../api/src/modules/reports/service.js';
import { customScenarios, prepareCustomFields, type Scenario } from './customFields.js';
import { automationRows } from './automation.js';
import { disputeScenarios, prepareDisputes } from './disputes.js';
import { searchScenarios } from './search.js';
import { handlerReads, percentile, round } from './measure.js';
import { startServerProcess, type ServerProcess } from '../helpers/serverProcess.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Connections of the throughput runs: enough to keep every API process busy. */
const THROUGHPUT_CONNECTIONS = Number(process.env.BENCH_THROUGHPUT_CONNECTIONS ?? 32);
/** An uncached first page of every queue serves at least this share of /api/health's rate. */
const FLOOR_SHARE = 0.5;
const ONLY_THROUGHPUT = process.env.BENCH_ONLY === 'throughput';
const ONLY_CUSTOM = process.env.BENCH_ONLY === 'custom';
const ONLY_AUTOMATION = process.env.BENCH_ONLY === 'automation';
const ONLY_DISPUTES = process.env.BENCH_ONLY === 'disputes';
const ONLY_SEARCH = process.env.BENCH_ONLY === 'search';
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

const HEALTH: Request = { method: 'GET', path: '/api/health' };
const firstPage = (orderName: string): Request => ({
  method: 'GET',
  path: `/api/admin/get-orders-list/${orderName}?page=1&limit=10`,
});
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/**
 * Each queue's first page (read each time) at THROUGHPUT_CONNECTIONS, right after /api/health with the
 * same connections and duration: the floor is measured next to each list, so that the load the rest
 * of the machine puts on it in that minute weighs on both figures alike.
 */
async function firstPagesAgainstFloor(server: ServerProcess, token: string) {
  const { url } = server;
  /** A run and the CPU the API processes spent per request in it: unlike req/s, hardly moved by the machine's load. */
  const measure = async (request: Request) => {
    const before = server.cpuMicros();
    const client = process.cpuUsage();
    const run = await drive(url, token, request, THROUGHPUT_CONNECTIONS);
    const requests = Math.max(1, run.requests);
    const { user, system } = process.cpuUsage(client);
    return { ...run, cpuMicros: (server.cpuMicros() - before) / requests, clientMicros: (user + system) / requests };
  };
  /** CPU of autocannon (this process) per request, which shares the machine's cores with the API processes. */
  const client = { health: 0, list: 0 };
  const rows: Record<string, unknown>[] = [];
  // autocannon stops sending at the end of its run, but the requests it left queued are still served:
  // each run starts once the API processes are idle (under a tenth of a core for a quarter second),
  // so that it does not pay for the last one's.
  const settle = async () => {
    for (let waited = 0; waited < 60_000; waited += 250) {
      const before = server.cpuMicros();
      await new Promise((resolve) => setTimeout(resolve, 250));
      if (server.cpuMicros() - before < 25_000) return;
    }
  };
  for (const queue of QUEUES) {
    await settle();
    const health = await measure(HEALTH);
    await settle();
    const list = await measure(firstPage(queue.orderName));
    const ratio = health.rps > 0 ? list.rps / health.rps : 0;
    client.health += health.clientMicros / QUEUES.length;
    client.list += list.clientMicros / QUEUES.length;
    rows.push({
      queue: queue.label,
      'list req/s': Math.round(list.rps),
      'health req/s': Math.round(health.rps),
      ratio: round(ratio),
      'list µs CPU/req': Math.round(list.cpuMicros),
      'health µs CPU/req': Math.round(health.cpuMicros),
      'CPU ratio': round(health.cpuMicros / list.cpuMicros),
      'list p95': round(list.p95),
      errors: list.errors + health.errors,
      budget: `>= ${FLOOR_SHARE}: ${ratio >= FLOOR_SHARE ? 'met' : 'MISSED'}`,
      'load 1m': os.loadavg()[0]!.toFixed(2),
    });
  }
  return { rows, clientMicros: { health: Math.round(client.health), list: Math.round(client.list) } };
}

const withPool = (url: string, size: number) => {
  const parsed = new URL(url);
  parsed.searchParams.set('pool', String(size));
  return parsed.toString();
};

/** The server as npm start runs it (WEB_CONCURRENCY workers behind node:cluster). */
function startServer(config: ReturnType<typeof loadConfig>) {
  return startServerProcess(
    {
      MAIL_WORKER: 'false',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // Not production: that refuses the demo accounts the bench signs in with; nothing else differs in speed.
      NODE_ENV: 'development',
      JWT_SECRET: config.jwtSecret,
    },
    { inheritStderr: true, entry: 'api/src/cluster.ts' },
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
    if (ONLY_ENTRIES) {
      console.table(rows);
      console.log(`Load average at the end ${loadAverage()}`);
      fs.mkdirSync('bench', { recursive: true });
      const at = new Date().toISOString();
      const file = `bench/results-${process.env.BENCH_ONLY}.json`;
      fs.writeFileSync(file, JSON.stringify({ at, orders: Number(orders?.n ?? 0), disputes, rows }, null, 2));
      console.log(`Written to ${file}`);
      return;
    }
    for (const queue of QUEUES) await drive(url, login.token, firstPage(queue.orderName), 2, 1);
    const { rows: firstPages, clientMicros } = await firstPagesAgainstFloor(server, login.token);
    if (rows.length) console.table(rows);
    console.log(
      `\nFirst page of each queue (read each time) beside /api/health, ${THROUGHPUT_CONNECTIONS} connections, ${SECONDS} s each:`,
    );
    console.table(firstPages);
    console.log(
      `The load generator (autocannon, in this process, on the same ${os.availableParallelism()} cores) spent ${clientMicros.health} µs of CPU per /api/health request and ${clientMicros.list} µs per page request.`,
    );
    console.log(`Load average at the end ${loadAverage()}`);
    console.log(`Server peak memory: ${Math.round(peakRssMb)} MB`);
    const automation = await benchAutomation(config);
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
