/**
 * Staff writes through HTTP, shared by npm run bench (BENCH_ONLY=writes: writeRows) and npm run bench:cluster:
 * request sequences driven by autocannon, each connection moving or assigning an order of its own and back,
 * or commenting. writeRows times a move, an assignment and a comment one at a time, and moves 8 at once,
 * each beside the same service call straight through knex in the same run (no HTTP, auth or schema).
 */
import os from 'node:os';
import autocannon, { type Request } from 'autocannon';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { assignOrders, moveOrders, unassignOrders } from '../../api/src/modules/orders/service.js';
import { addRemark } from '../../api/src/modules/remarks/service.js';
import type { Member } from '../../api/src/types.js';
import { buildApp } from '../../api/src/app.js';
import type { AppConfig } from '../../api/src/config.js';
import { percentile, round } from './measure.js';

/** Requests repeated on every connection for `seconds`; latencies of every answer, 2xx or not. */
export async function driveSequence(
  urls: string[],
  token: string,
  requests: Request[],
  connections: number,
  seconds: number,
) {
  const latencies: number[] = [];
  const instance = autocannon({
    url: urls.length === 1 ? urls[0]! : urls,
    connections,
    duration: seconds,
    headers: { authorization: token, 'content-type': 'application/json' },
    requests,
  });
  const failed = new Map<number, number>();
  instance.on('response', (_client, status, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (status >= 300) failed.set(status, (failed.get(status) ?? 0) + 1);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    'req/s': Math.round(result.requests.average),
    requests: result.requests.total,
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    errors: result.errors + result.non2xx + result.timeouts,
    /** The statuses of the answers that were not 2xx, with their counts. */
    statuses: [...failed].map(([status, n]) => `${n}x${status}`).join(' '),
  };
}

/** One request of a cycle on an order: its method, path and body for that order. */
interface Step {
  method: 'PUT' | 'POST';
  path: string;
  body: (orderId: number) => object;
}

/**
 * One cycle per connection: borrow an order of its own, take it there and back, return it; no two
 * connections change the same order, so every change is a real one and any conflict comes from rows
 * the changes share (counters, ranks, audit).
 */
function orderCycle(free: number[], there: Step, back: Step): Request[] {
  const request = (step: Step) => (base: Request, context: Record<string, unknown>) => ({
    ...base,
    body: JSON.stringify(step.body(context.orderId as number)),
  });
  return [
    {
      method: there.method,
      path: there.path,
      setupRequest: (base, context) => {
        context.orderId = free.pop();
        if (context.orderId === undefined) throw new Error('More connections than free orders');
        return request(there)(base, context);
      },
    },
    {
      method: back.method,
      path: back.path,
      setupRequest: request(back),
      onResponse: (_status, _body, context) => free.push(context.orderId as number),
    },
  ];
}

const move = (status: string): Step => ({
  method: 'PUT',
  path: '/api/admin/move-order-status',
  body: (orderId) => ({ orderIds: [orderId], updatingStatus: status }),
});

/** Awaiting orders moved to Contact Customer and back. */
export const moveCycle = (free: number[]) => orderCycle(free, move('Contact Customer'), move('Awaiting'));

/** Free orders assigned to the signed-in member and handed back. */
const assignCycle = (free: number[]) =>
  orderCycle(
    free,
    { method: 'PUT', path: '/api/admin/assign-order-status', body: (orderId) => ({ orderId: [orderId] }) },
    { method: 'PUT', path: '/api/admin/unassign-order', body: (orderId) => ({ orderId: [orderId] }) },
  );

export function commentOn(orderIds: number[]): Request[] {
  let n = 0;
  return [
    {
      method: 'POST',
      path: '/api/admin/add-new-remark',
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({ orderId: orderIds[n++ % orderIds.length], remark: `Bench comment ${n}` }),
      }),
    },
  ];
}

/**
 * `workers` loops at once for `seconds`, each on an order of its own running `steps` in turn: every call
 * timed, failures counted (the loop goes on with its next step).
 */
async function timeCalls(
  ids: number[],
  workers: number,
  seconds: number,
  steps: Array<(orderId: number) => Promise<unknown>>,
) {
  const samples: number[] = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  const began = Date.now();
  await Promise.all(
    ids.slice(0, workers).map(async (orderId) => {
      for (let i = 0; Date.now() < until || i % steps.length; i++) {
        const t = process.hrtime.bigint();
        await steps[i % steps.length]!(orderId).catch(() => errors++);
        samples.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }),
  );
  samples.sort((a, b) => a - b);
  return {
    calls: samples.length,
    perSecond: Math.round((samples.length / (Date.now() - began)) * 1000),
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    errors,
  };
}

/** Budget of a write one at a time, and of moves 8 at once (docs/performance.md#budgets). */
const ONE_P95_MS = 10;
const MOVES_AT_ONCE = 8;
const MOVES_PER_SECOND = 500;

/** CPU time so far (µs) of something measured: a server process, the database server, this process. */
type CpuClock = () => number;

const ownCpu: CpuClock = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** `run` and the CPU each clock spent in it, per `count` of its result (µs, rounded). */
async function perCall<T>(clocks: CpuClock[], run: () => Promise<T>, count: (result: T) => number) {
  const before = clocks.map((clock) => clock());
  const result = await run();
  const n = Math.max(1, count(result));
  return { result, cpu: clocks.map((clock, i) => Math.round((clock() - before[i]!) / n)) };
}

/**
 * The write budgets' rows: a move, an assignment and a comment one at a time (p50/p95 through HTTP beside
 * the service call), then moves 8 at once (moves/s of both, errors counted). Awaiting orders nobody holds
 * are moved and assigned and come back as they were; comments stay.
 */
export async function writeRows(
  config: AppConfig,
  api: { url: string; cpuMicros: CpuClock },
  token: string,
  member: Member,
  seconds: number,
  database: CpuClock,
) {
  // The service calls run in an app of their own (no HTTP, no workers) on the same database, so that each
  // change takes the same steps as in the API's process (its SLA policies, custom queues, rules after commit).
  const app = await buildApp({ config: { ...config, logLevel: 'warn' } });
  await app.ready();
  const { db } = app;
  try {
    return await writeRowsIn(app, db, api, token, member, seconds, database);
  } finally {
    await app.close();
  }
}

async function writeRowsIn(
  app: FastifyInstance,
  db: Knex,
  api: { url: string; cpuMicros: CpuClock },
  token: string,
  member: Member,
  seconds: number,
  database: CpuClock,
) {
  const { url } = api;
  const free = async (): Promise<number[]> => {
    const ids: number[] = (
      await db('orders')
        .where('process_status', 'Awaiting')
        .whereNull('assignee_id')
        .orderBy('order_id', 'desc')
        .limit(MOVES_AT_ONCE * 4)
        .pluck('order_id')
    ).map(Number);
    if (ids.length < MOVES_AT_ONCE * 2) throw new Error('Too few free Awaiting orders to move');
    return ids;
  };
  let comments = 0;
  const kinds: Array<{
    name: string;
    http: (ids: number[]) => Request[];
    direct: Array<(orderId: number) => Promise<unknown>>;
  }> = [
    {
      name: 'move (to Contact Customer and back)',
      http: moveCycle,
      direct: [
        (id) => moveOrders(db, member, [id], 'Contact Customer'),
        (id) => moveOrders(db, member, [id], 'Awaiting'),
      ],
    },
    {
      name: 'assignment (assign and hand back)',
      http: assignCycle,
      direct: [(id) => assignOrders(db, member, [id]), (id) => unassignOrders(db, member, [id])],
    },
    {
      name: 'comment',
      http: commentOn,
      direct: [(id) => addRemark(app, member, { orderId: id, remark: `Bench comment ${++comments}` })],
    },
  ];
  type Http = Awaited<ReturnType<typeof driveSequence>>;
  type Direct = Awaited<ReturnType<typeof timeCalls>>;
  /**
   * `at` connections through HTTP, then as many service calls at once through knex, each with the CPU it
   * cost per write: the API process's or this process's (knex and the service), and the database server's.
   */
  const writeRow = async (
    name: string,
    at: number,
    kind: (typeof kinds)[number],
    verdict: (http: Http, direct: Direct) => Record<string, unknown>,
  ) => {
    let ids = await free();
    const http = await perCall(
      [api.cpuMicros, database],
      () => driveSequence([url], token, kind.http(ids), at, seconds),
      (r) => r.requests,
    );
    ids = await free();
    const direct = await perCall(
      [ownCpu, database],
      () => timeCalls(ids, at, seconds, kind.direct),
      (r) => r.calls,
    );
    return {
      write: name,
      p50: http.result.p50,
      p95: http.result.p95,
      'per s': http.result['req/s'],
      errors: http.result.errors,
      'api µs CPU': http.cpu[0],
      'db µs CPU': http.cpu[1],
      'sql p50': direct.result.p50,
      'sql p95': direct.result.p95,
      'sql per s': direct.result.perSecond,
      'sql errors': direct.result.errors,
      'knex µs CPU': direct.cpu[0],
      'sql db µs CPU': direct.cpu[1],
      ...verdict(http.result, direct.result),
      'load 1m': os.loadavg()[0]!.toFixed(2),
    };
  };
  const rows: Record<string, unknown>[] = [];
  for (const kind of kinds) {
    // Warm-up: JIT and pools, on both paths.
    await driveSequence([url], token, kind.http(await free()), 2, 1);
    await timeCalls(await free(), 2, 1, kind.direct);
    rows.push(
      await writeRow(`${kind.name}, one at a time`, 1, kind, (http, direct) => ({
        'api/sql p95': round(http.p95 / direct.p95),
        budget: `p95 <= ${ONE_P95_MS} ms: ${http.p95 <= ONE_P95_MS && !http.errors ? 'met' : 'MISSED'}`,
      })),
    );
    console.log(JSON.stringify(rows[rows.length - 1]));
  }
  rows.push(
    await writeRow(`moves, ${MOVES_AT_ONCE} at once`, MOVES_AT_ONCE, kinds[0]!, (http, direct) => ({
      'api/sql per s': round(http['req/s'] / direct.perSecond),
      budget: `>= ${MOVES_PER_SECOND}/s, no error: ${http['req/s'] >= MOVES_PER_SECOND && !http.errors ? 'met' : 'MISSED'}`,
    })),
  );
  console.log(JSON.stringify(rows[rows.length - 1]));
  return rows;
}
