/**
 * node --import tsx tests/bench/profile.ts [orderName... | move]: where one API process spends its CPU on
 * /api/health and on each named queue's first page (default: newOrder completedOrder), or on moves (`move`:
 * each connection moves an Awaiting order of its own to Contact Customer and back), from V8's
 * sampling profiler. For each request kind a server process (api/src/server.ts, on the configured
 * database and REDIS_URL, as npm run bench runs it) is started under --cpu-prof, driven by autocannon
 * with that request alone for BENCH_SECONDS, and closed gracefully, which writes its .cpuprofile
 * (kept in BENCH_PROFILE_DIR for Chrome DevTools). Printed per kind: CPU per request, self time by
 * layer (package or source file) and the top functions by self time, over the measured run only
 * (start-up and warm-up left out). SQLite runs inside the calling function (better-sqlite3 is
 * synchronous): its execution shows as the self time of knex's _query, its parsing as prepare.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { loadConfig } from '../../api/src/config.js';
import { createDb } from '../../api/src/db/knex.js';
import { cpuMicrosOf, startServerProcess } from '../helpers/serverProcess.js';
import { databasePid } from './measure.js';
import { moveCycle } from './writes.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_THROUGHPUT_CONNECTIONS ?? 32);
const PROFILE_DIR = path.resolve(process.env.BENCH_PROFILE_DIR ?? 'bench/profiles');
const TOP = 25;

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  /** Microseconds of the monotonic clock, the one process.hrtime reads. */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The whole machine's busy and total CPU time so far (all cores), in ticks, from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const [, ...times] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const values = times.map(Number);
  const idle = values[3]! + values[4]!;
  const total = values.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** The MariaDB/MySQL server's process id, when the database is one on this machine. */
async function databasePidOfConfig(): Promise<number | null> {
  const config = loadConfig();
  if (!config.databaseUrl) return null;
  const db = createDb(config);
  try {
    return await databasePid(db);
  } finally {
    await db.destroy();
  }
}

/** Now on the monotonic clock, in microseconds (the profile's clock). */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** What a frame belongs to: a package, a source file of this repository, a node module, or V8 itself. */
function layerOf({ url, functionName }: CallFrame): string {
  if (!url) return functionName.startsWith('(') ? functionName : `native ${functionName || '(anonymous)'}`;
  const file = url.replace(/^file:\/\//, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (inPackage) return inPackage[1]!;
  // This repository's files, wherever the workspace links resolve (@app/domain).
  const own = /\/((?:api|domain|migrations|seeds|tests|scripts)\/.*)$/.exec(file);
  if (own) return own[1]!;
  // node:internal/http/server -> node:http
  return url.replace(/^node:(internal\/)?(deps\/)?/, 'node:').replace(/\/.*$/, '');
}

const ms = (micros: number) => Math.round(micros / 1000);
const share = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

/** Self time per function of the samples taken between `from` and `to` (the measured run, not start-up). */
function summarise(profile: CpuProfile, requests: number, from: number, to: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i]!;
    // Each sample lasts until the next one.
    if (at >= from && at <= to) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  });

  let total = 0;
  let busy = 0;
  const byLayer = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, micros] of self) {
    const frame = byId.get(id)!.callFrame;
    total += micros;
    if (frame.functionName === '(idle)') continue;
    busy += micros;
    const layer = layerOf(frame);
    byLayer.set(layer, (byLayer.get(layer) ?? 0) + micros);
    const name = `${frame.functionName || '(anonymous)'} ${layer}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  }
  const table = (entries: Map<string, number>, limit = TOP) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, micros]) => ({ name, ms: ms(micros), 'of busy': share(micros, busy) }));
  return {
    totalMs: ms(total),
    busyMs: ms(busy),
    // Sampled time includes time the process waited for a core (the machine is shared): CPU per request is /proc's.
    sampledMicrosPerRequest: Math.round(busy / Math.max(1, requests)),
    layers: table(byLayer, 20),
    functions: table(byFunction),
  };
}

/** A request kind profiled: a GET of `path`, or a sequence of requests each connection repeats. */
interface Kind {
  label: string;
  path: string;
  requests?: Request[];
}

async function profileOne({ label, path: requestPath, requests: sequence }: Kind, dbPid: number | null) {
  const config = loadConfig();
  const dir = path.join(PROFILE_DIR, label);
  fs.rmSync(dir, { recursive: true, force: true });
  const server = await startServerProcess(
    {
      MAIL_WORKER: 'false',
      // The time rules', SLA and retention passes work on a bulk database for minutes (anonymising old orders,
      // SLA states) in the measured process, and its close waits for them: measured apart (BENCH_ONLY=automation).
      AUTOMATION_WORKER: 'false',
      RETENTION_WORKER: 'false',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      JWT_SECRET: config.jwtSecret,
    },
    { inheritStderr: true, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] },
  );
  try {
    const login = await fetch(`${server.url}/api/admin/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'demo1234' }),
    }).then((r) => r.json() as Promise<{ token?: string; message?: string }>);
    if (!login.token) throw new Error(`Sign-in failed: ${login.message}`);
    const run = (duration: number) =>
      autocannon({
        url: server.url + requestPath,
        connections: CONNECTIONS,
        duration,
        headers: { authorization: login.token!, 'content-type': 'application/json' },
        requests: sequence,
      });
    await run(2); // JIT and pool warm-up, left out of the summary
    const before = { api: server.cpuMicros(), db: dbPid ? cpuMicrosOf(dbPid) : 0, machine: machineTicks() };
    const from = monotonicMicros();
    const result = await run(SECONDS);
    const to = monotonicMicros();
    const requests = result.requests.total;
    const machine = machineTicks();
    const cpu = {
      apiMicrosPerRequest: Math.round((server.cpuMicros() - before.api) / requests),
      dbMicrosPerRequest: dbPid ? Math.round((cpuMicrosOf(dbPid) - before.db) / requests) : null,
      machineBusy: (machine.busy - before.machine.busy) / (machine.total - before.machine.total),
    };
    await server.kill('SIGTERM');
    const file = fs
      .readdirSync(dir)
      .filter((f) => f.includes(`.${server.child.pid}.`))
      .map((f) => path.join(dir, f))
      // The main thread's, not the module loader thread's (tsx).
      .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
    if (!file) throw new Error(`No profile of process ${server.child.pid} in ${dir}`);
    const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
    return {
      label,
      path: requestPath,
      rps: Math.round(result.requests.average),
      file,
      cpu,
      ...summarise(profile, requests, from, to),
    };
  } finally {
    await server.kill('SIGTERM');
  }
}

/** Awaiting orders nobody holds, for `move`: each connection moves one of its own there and back. */
async function freeAwaitingOrders(): Promise<number[]> {
  const db = createDb(loadConfig());
  try {
    const ids = await db('orders')
      .where('process_status', 'Awaiting')
      .whereNull('assignee_id')
      .orderBy('order_id', 'desc')
      .limit(CONNECTIONS * 2)
      .pluck('order_id');
    return ids.map(Number);
  } finally {
    await db.destroy();
  }
}

async function main() {
  const names = process.argv.slice(2).length ? process.argv.slice(2) : ['newOrder', 'completedOrder'];
  const kinds: Kind[] = [{ label: 'health', path: '/api/health' }];
  for (const name of names) {
    kinds.push(
      name === 'move'
        ? { label: 'move', path: '/', requests: moveCycle(await freeAwaitingOrders()) }
        : { label: name, path: `/api/admin/get-orders-list/${name}?page=1&limit=10` },
    );
  }
  const dbPid = await databasePidOfConfig();
  const results = [];
  for (const kind of kinds) {
    const { label, path: requestPath } = kind;
    const result = await profileOne(kind, dbPid);
    results.push(result);
    console.log(
      `\n${label} (${requestPath}): ${result.rps} req/s at ${CONNECTIONS} connections; CPU per request ${result.cpu.apiMicrosPerRequest} µs in the API process${result.cpu.dbMicrosPerRequest === null ? '' : `, ${result.cpu.dbMicrosPerRequest} µs in the database server`}; machine ${Math.round(result.cpu.machineBusy * 100)}% busy; profile: ${result.busyMs} of ${result.totalMs} ms sampled busy, ${result.sampledMicrosPerRequest} µs per request; ${result.file}`,
    );
    console.log('Self time by layer:');
    console.table(result.layers);
    console.log('Top functions by self time:');
    console.table(result.functions);
  }
  fs.writeFileSync(path.join(PROFILE_DIR, 'summary.json'), JSON.stringify(results, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
