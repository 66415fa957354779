/**
 * The baseline of first-page throughput (npm run bench, BENCH_ONLY=throughput): a bare node:http server on
 * mysql2, one process, no framework, no auth, no schema, that answers each path with the rows of the SQL
 * statements the API runs for that page. The statements are captured from the API's own service call
 * (statementsOf), so the baseline runs exactly the API's SQL, bindings included, on the configured
 * database (DATABASE_URL) with the API's pool size and connection settings (api/src/db/knex.ts). Whatever
 * the API spends beyond this server is the cost of being the API: routing, auth, validation, shaping and
 * serialising the answer.
 */
import http from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import mysql from 'mysql2/promise';
import { loadConfig } from '../../api/src/config.js';
import { createDb } from '../../api/src/db/knex.js';
import { cpuMicrosOf } from '../helpers/serverProcess.js';

export interface Statement {
  sql: string;
  bindings: unknown[];
}

/** The statements `call` runs through `db`, in order (nothing else may use `db` meanwhile). */
export async function statementsOf(db: Knex, call: () => Promise<unknown>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const listener = (query: { sql: string; bindings?: unknown[] }) =>
    seen.push({ sql: query.sql, bindings: query.bindings ?? [] });
  db.on('query', listener);
  try {
    await call();
  } finally {
    db.off('query', listener);
  }
  return seen;
}

export interface BareHandler {
  url: string;
  /** CPU time (user + system) the process has used so far, in µs. */
  cpuMicros(): number;
  kill(): Promise<void>;
}

/** Starts the bare handler in a process of its own, answering each path of `routes` with its statements. */
export async function startBareHandler(routes: Record<string, Statement[]>): Promise<BareHandler> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, BARE_ROUTES: JSON.stringify(routes) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      const found = /listening (\d+)/.exec((seen += chunk.toString()))?.[1];
      if (found) resolve(found);
    });
    void exited.then(() => reject(new Error('The bare handler exited before listening')));
  });
  child.stdout!.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    cpuMicros: () => cpuMicrosOf(child.pid!),
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The server itself: each path's statements on a pool made as the API's, their rows as JSON. */
async function serve() {
  const routes = new Map(Object.entries(JSON.parse(process.env.BARE_ROUTES!) as Record<string, Statement[]>));
  // The API's own connection settings, pool size and session set-up, read from the knex it would make.
  const api = createDb(loadConfig());
  const { connection, pool: apiPool } = api.client.config as {
    connection: mysql.PoolOptions;
    pool: { max: number; afterCreate: (conn: unknown, done: () => void) => void };
  };
  await api.destroy();
  const pool = mysql.createPool({ ...connection, connectionLimit: apiPool.max });
  pool.pool.on('connection', (conn) => apiPool.afterCreate(conn, () => {}));
  const server = http.createServer(async (request, response) => {
    const statements = routes.get(request.url ?? '');
    if (!statements) return response.writeHead(404).end();
    try {
      // In turn, as the API runs them: the page with its total, then its rows' custom values.
      const results: unknown[] = [];
      for (const { sql, bindings } of statements) results.push((await pool.query(sql, bindings))[0]);
      const [page, ...values] = results as Array<Array<Record<string, unknown>>>;
      const body = JSON.stringify({ orders: page, total: page?.[0]?.queue_total ?? null, values });
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as { port: number }).port}`));
  process.once('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) void serve();
