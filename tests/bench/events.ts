/**
 * npm run bench:events: live events between API processes (an order change reaches
 * another process's event stream within 100 ms p95). Two real server processes share one MySQL database
 * (DATABASE_URL, else a fresh demo database on MYSQL_URL) and one Redis (REDIS_URL, else the local one);
 * MOVES moves go through process A while a stream on process B waits for each. Then STREAMS streams are
 * opened on B: the memory they take, and how long one change takes to reach all of them.
 */
import knex from 'knex';
import { DEMO_PASSWORD } from '../../seeds/index.js';
import { openLiveStream, type LiveStreamClient } from '../helpers/liveStream.js';
import { startServerProcess, type ServerProcess } from '../helpers/serverProcess.js';

const MOVES = Number(process.env.MOVES ?? 200);
const STREAMS = Number(process.env.STREAMS ?? 500);
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const MYSQL_URL = process.env.MYSQL_URL || 'mysql://root@127.0.0.1:3306';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const round = (n: number) => Math.round(n * 10) / 10;

async function main() {
  // A database of its own unless one is given, dropped at the end.
  const scratch = process.env.DATABASE_URL ? null : `tdac_bench_events_${process.pid}`;
  const admin = scratch ? knex({ client: 'mysql2', connection: MYSQL_URL }) : null;
  if (scratch) await admin!.raw(`CREATE DATABASE ${scratch} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const databaseUrl = process.env.DATABASE_URL || `${MYSQL_URL}/${scratch}`;
  const env = { DATABASE_URL: databaseUrl, REDIS_URL, LOG_LEVEL: 'warn', MAIL_WORKER: 'false', WEB_CONCURRENCY: '1' };
  const servers: ServerProcess[] = [];
  const streams: LiveStreamClient[] = [];
  try {
    // One after the other: the first prepares (migrates and seeds) the database.
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess({ ...env, SEED_DEMO: 'false' }));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const signIn = async (server: ServerProcess, email: string) => {
      const res = await fetch(`${server.url}/api/admin/admin-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      return ((await res.json()) as { token: string }).token;
    };
    const [mover, watcher] = [await signIn(a, 'manager@demo.test'), await signIn(b, 'admin@demo.test')];
    const db = knex({ client: 'mysql2', connection: databaseUrl });
    const orderId = Number((await db('orders').where({ process_status: 'Awaiting' }).first('order_id')).order_id);
    await db.destroy();
    let status = 'Awaiting';
    /** Moves the order to the other of two statuses. */
    const move = async () => {
      status = status === 'Awaiting' ? 'Contact Customer' : 'Awaiting';
      const res = await fetch(`${a.url}/api/admin/move-order-status`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: mover },
        body: JSON.stringify({ orderIds: [orderId], updatingStatus: status }),
      });
      if (!res.ok) throw new Error(`move failed: ${res.status} ${await res.text()}`);
    };
    const isChange = (e: { type: string; orderId?: number }) => e.type === 'order.changed' && e.orderId === orderId;

    const stream = await openLiveStream(b.url, { token: watcher });
    streams.push(stream);
    const fromAnswer: number[] = [];
    const fromRequest: number[] = [];
    for (let i = 0; i < MOVES; i++) {
      const sent = performance.now() + performance.timeOrigin;
      const delivered = stream.next(isChange, 5000);
      await move();
      const answered = performance.now() + performance.timeOrigin;
      const event = await delivered;
      fromAnswer.push(Math.max(0, event.at - answered));
      fromRequest.push(event.at - sent);
    }
    fromAnswer.sort((x, y) => x - y);
    fromRequest.sort((x, y) => x - y);
    console.log(`Live events, ${MOVES} moves through process A, a stream on process B (MySQL + Redis):`);
    console.log(
      `  from the move's answer to the event on B: p50 ${round(percentile(fromAnswer, 0.5))} ms, p95 ${round(percentile(fromAnswer, 0.95))} ms (0 when the event came first)`,
    );
    console.log(
      `  from the move's request to the event on B:  p50 ${round(percentile(fromRequest, 0.5))} ms, p95 ${round(percentile(fromRequest, 0.95))} ms`,
    );

    await new Promise((r) => setTimeout(r, 1000));
    const before = b.memoryMb('VmRSS');
    for (let i = 0; i < STREAMS; i++) streams.push(await openLiveStream(b.url, { token: watcher }));
    await new Promise((r) => setTimeout(r, 2000));
    const after = b.memoryMb('VmRSS');
    const start = Date.now();
    const arrivals = streams.slice(1).map((s) => s.next(isChange, 30_000));
    await move();
    const times = (await Promise.all(arrivals)).map((e) => e.at - start);
    console.log(
      `  ${STREAMS} more open streams on B: RSS ${round(before)} -> ${round(after)} MB (${round(((after - before) * 1024) / STREAMS)} KB each); one change reached all of them in ${Math.max(...times)} ms (first ${Math.min(...times)} ms)`,
    );
  } finally {
    for (const s of streams) s.close();
    await Promise.all(servers.map((s) => s.kill('SIGTERM')));
    if (scratch) {
      await admin!.raw(`DROP DATABASE IF EXISTS ${scratch}`);
      await admin!.destroy();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
