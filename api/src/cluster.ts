/**
 * `npm start`: WEB_CONCURRENCY API processes (default: one per core) sharing one port through
 * node:cluster. The primary migrates once (npm start seeds demo data before, through scripts/db.ts
 * prepare), then forks the workers (api/src/server.ts);
 * only the first runs the mail outbox and retention workers, so they run once per machine (more can run on their
 * own with `npm run mail-worker`, as claims are safe). A worker that dies is replaced; SIGTERM and
 * SIGINT close every worker gracefully before the primary exits.
 */
import cluster, { type Worker } from 'node:cluster';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { createDb } from './db/knex.js';
import { migrateLatest } from '../../migrations/index.js';
import { refuseUnsafeProduction } from './productionChecks.js';

const freePort = (host: string) =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

async function main() {
  const config = loadConfig();
  // Live events, presence, stream tickets and rate limits must be shared by the processes, which
  // Redis does: without it, one process (a ticket from one worker was unknown to the other).
  const count = config.webConcurrency;
  if (count > 1 && !config.redisUrl) {
    throw new Error(
      `WEB_CONCURRENCY=${count} needs REDIS_URL: live events, presence, stream tickets and rate limits are shared through Redis`,
    );
  }
  const db = createDb(config);
  try {
    await migrateLatest(db);
    // Said once, before any worker starts, rather than by each worker as it is forked.
    await refuseUnsafeProduction(config, db);
  } finally {
    await db.destroy();
  }

  // PORT=0 (any free port) must still be one port for all: each worker's listen(0) would pick its own.
  const port = config.port || (await freePort(config.host));
  cluster.setupPrimary({ exec: path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts') });
  let stopping = false;
  const roles = new Map<Worker, number>();
  const fork = (index: number) => {
    // Index 0 prints the banner and runs the mail and retention workers (if configured); the others serve only.
    const worker = cluster.fork({
      PORT: String(port),
      WORKER_INDEX: String(index),
      ...(index > 0 ? { MAIL_WORKER: 'false', AUTOMATION_WORKER: 'false', RETENTION_WORKER: 'false' } : {}),
    });
    roles.set(worker, index);
    worker.once('listening', () => listening.add(worker));
  };
  const listening = new WeakSet<Worker>();
  const recentExits: number[] = [];
  cluster.on('exit', (worker, code, signal) => {
    const index = roles.get(worker) ?? 0;
    roles.delete(worker);
    if (stopping) return;
    // One that could not even start (bad config, database down), or workers ending again and again
    // (stdout gone with the parent, say), would fail again: stop, do not loop.
    const now = Date.now();
    recentExits.push(now);
    while (recentExits[0]! < now - 60_000) recentExits.shift();
    if (!listening.has(worker) || recentExits.length > 5) {
      console.error(`API worker ${worker.process.pid} ended (${signal ?? code}); stopping`);
      stop('SIGTERM', 1);
      return;
    }
    console.error(`API worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    setTimeout(() => fork(index), 1000);
  });
  for (let i = 0; i < count; i++) fork(i);

  function stop(signal: NodeJS.Signals, exitCode = 0) {
    stopping = true;
    for (const worker of roles.keys()) worker.kill(signal);
    const check = setInterval(() => {
      if (roles.size === 0) process.exit(exitCode);
    }, 100);
    // A worker that does not close within 20 s is not waited for.
    setTimeout(() => {
      clearInterval(check);
      process.exit(1);
    }, 20_000).unref();
  }
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
