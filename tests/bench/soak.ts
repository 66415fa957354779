/**
 * npm run soak: the real server under a steady mixed staff workload (folder counts, queue lists,
 * search, order details, moves and comments) at a fixed rate, driven by autocannon on loopback. Reports
 * errors (must be 0), latency percentiles and the server's memory after warm-up and at the end (growth
 * must stay within 20%); exits 1 when either fails.
 *
 * SOAK_SECONDS (default 300), SOAK_RATE (requests/s, default 100), SOAK_CONNECTIONS (default 10).
 * The database is a fresh demo SQLite database in a temporary folder, or DATABASE_URL when set (the
 * soak moves orders and adds comments there: use a scratch database).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import autocannon, { type Request } from 'autocannon';
import { ORDER_NAMES } from '@app/domain';
import { startServerProcess, type ServerProcess } from '../helpers/serverProcess.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const RATE = Number(process.env.SOAK_RATE ?? 100);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 10);
const WARMUP_SECONDS = Math.min(15, Math.max(3, Math.round(SECONDS / 10)));
const MAX_MEMORY_GROWTH = 0.2;

/** A connection's context within one cycle: the order it borrowed. */
type Context = { orderId?: number };

const json = (method: string, route: string, body: (context: Context) => object): Request => ({
  method,
  path: route,
  setupRequest: (req, context) => ({ ...req, body: JSON.stringify(body(context as Context)) }),
});

/**
 * One cycle of a member's work, as autocannon repeats it on each connection. Each cycle borrows an
 * order of its own from `free` (Awaiting), moves it to Contact Customer and back, and returns it, so
 * that concurrent cycles never move the same order and every move is a real one.
 */
function workload(free: number[], allOrders: number[]): Request[] {
  let n = 0;
  const next = <T>(list: readonly T[]) => list[n++ % list.length]!;
  const lists = ORDER_NAMES.filter((name) => name !== 'myOrder');
  return [
    {
      method: 'GET',
      path: '/api/admin/get-folder-count',
      setupRequest: (req, context: Context) => {
        context.orderId = free.pop();
        if (context.orderId === undefined) throw new Error('More connections than free orders');
        return req;
      },
    },
    { method: 'GET', path: '', setupRequest: (req) => ({ ...req, path: listPath(next(lists), 1 + (n % 3)) }) },
    json('POST', '/api/admin/search-order', () => ({
      start: 0,
      end: 25,
      searchVal: String(next(allOrders)).slice(0, 4),
      folderName: 'allOrder',
    })),
    {
      method: 'GET',
      path: '',
      setupRequest: (req) => ({ ...req, path: `/api/admin/get-orders-details/${next(allOrders)}` }),
    },
    json('PUT', '/api/admin/move-order-status', (c) => ({ orderIds: [c.orderId], updatingStatus: 'Contact Customer' })),
    json('POST', '/api/admin/add-new-remark', () => ({ orderId: next(allOrders), remark: `Soak comment ${n}` })),
    { method: 'GET', path: '', setupRequest: (req) => ({ ...req, path: listPath(next(lists), 1) }) },
    {
      ...json('PUT', '/api/admin/move-order-status', (c) => ({ orderIds: [c.orderId], updatingStatus: 'Awaiting' })),
      onResponse: (_status, _body, context: Context) => free.push(context.orderId!),
    },
  ];
}

const listPath = (queue: string, page: number) => `/api/admin/get-orders-list/${queue}?page=${page}&limit=25&delay=1`;

async function api<T>(url: string, route: string, token: string | null, body?: object): Promise<T> {
  const res = await fetch(`${url}${route}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as T;
}

function drive(url: string, token: string, requests: Request[], seconds: number) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    overallRate: RATE,
    headers: { authorization: token, 'content-type': 'application/json' },
    requests,
  });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tdac-soak-'));
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: process.env.DATABASE_URL ?? '',
        // Demo data is never seeded in production; the rest behaves the same.
        NODE_ENV: 'development',
        SEED_DEMO: 'true',
        MAIL_WORKER: 'false',
        LOG_LEVEL: 'warn',
        JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      },
      { inheritStderr: true },
    );
    const login = await api<{ token: string }>(server.url, '/api/admin/admin-login', null, {
      email: 'manager@demo.test',
      password: 'demo1234',
    });
    const awaiting = await api<{ data: Array<{ order_id: number }> }>(
      server.url,
      '/api/admin/get-orders-list/awaitingOrder?limit=500',
      login.token,
    );
    const everything = await api<{ data: Array<{ order_id: number }> }>(
      server.url,
      '/api/admin/get-orders-list/allOrder?limit=500',
      login.token,
    );
    const free = awaiting.data.map((o) => o.order_id);
    if (free.length < CONNECTIONS)
      throw new Error(`Only ${free.length} Awaiting orders for ${CONNECTIONS} connections`);
    const requests = workload(
      free,
      everything.data.map((o) => o.order_id),
    );

    console.log(`Soak: ${SECONDS} s at ${RATE} req/s over ${CONNECTIONS} connections (warm-up ${WARMUP_SECONDS} s)`);
    await drive(server.url, login.token, requests, WARMUP_SECONDS);
    const startMb = server.memoryMb();
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(server!.memoryMb()), 1000);
    const result = await drive(server.url, login.token, requests, SECONDS);
    clearInterval(sampler);
    const endMb = server.memoryMb();

    const errors = result.errors + result.timeouts + result.non2xx;
    const growth = (endMb - startMb) / startMb;
    const report = {
      seconds: SECONDS,
      rate: RATE,
      connections: CONNECTIONS,
      requests: result.requests.total,
      averageRps: Math.round(result.requests.average),
      errors,
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, average: result.latency.average },
      memoryMb: {
        start: Math.round(startMb),
        end: Math.round(endMb),
        min: Math.round(Math.min(...samples)),
        max: Math.round(Math.max(...samples)),
        growth: `${(growth * 100).toFixed(1)}%`,
      },
    };
    console.log(JSON.stringify(report, null, 2));
    const failures = [
      errors > 0 ? `${errors} errors` : '',
      growth > MAX_MEMORY_GROWTH ? `memory grew ${report.memoryMb.growth} (at most ${MAX_MEMORY_GROWTH * 100}%)` : '',
    ].filter(Boolean);
    console.log(failures.length ? `FAILED: ${failures.join(', ')}` : 'Passed: no errors, memory steady.');
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await server?.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
