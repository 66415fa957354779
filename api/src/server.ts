import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { loadConfig } from './config.js';
import { createDb } from './db/knex.js';
import { buildApp } from './app.js';
import { guardConnections } from './connectionGuards.js';
import { refuseUnsafeProduction } from './productionChecks.js';
import { createMailWorker } from './modules/mail/worker.js';
import { startAutomationWorkers } from './modules/automation/workers.js';
import { startSlaWorker } from './modules/sla/worker.js';
import { createRetentionWorker } from './modules/privacy/worker.js';
import { PENDING_UPLOAD_GRACE_MS, sweepUnfinishedUploads } from './modules/documents/service.js';
import { migrateLatest } from '../../migrations/index.js';

/** Process concerns only: config, database ready, listen, graceful close. */
async function main() {
  const config = loadConfig();
  const db = createDb(config);
  // Under api/src/cluster.ts the primary has migrated before forking the workers. Demo data is not the
  // server's business: npm start seeds it before (scripts/db.ts prepare), so no seeder ships in the server.
  if (!cluster.isWorker) await migrateLatest(db);
  await refuseUnsafeProduction(config, db);
  const app = await buildApp({ config, db });
  guardConnections(app, config);
  app.addHook('onClose', async () => db.destroy());
  // Files of uploads a crash cut short: at start, then every grace period (the sweep skips younger ones).
  const sweepUploads = () =>
    sweepUnfinishedUploads(db, app.storage).catch((error: Error) =>
      app.log.error({ err: error }, 'upload sweep failed'),
    );
  await sweepUploads();
  const sweeper = setInterval(sweepUploads, PENDING_UPLOAD_GRACE_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  if (config.mailWorker) {
    const mailWorker = createMailWorker({ db, config, storage: app.storage, log: app.log });
    // onClose hooks run last-added first: the worker finishes its round before the pool closes.
    app.addHook('onClose', () => mailWorker.stop());
    mailWorker.start();
  }
  if (config.automationWorker) {
    startAutomationWorkers(app);
    startSlaWorker(app);
  }
  if (config.retentionWorker) {
    const retentionWorker = createRetentionWorker(app);
    app.addHook('onClose', () => retentionWorker.stop());
    retentionWorker.start();
  }

  const close = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  // The bound port, which differs from config.port when that is 0 (any free port).
  const { port } = app.server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  if (cluster.isWorker && process.env.WORKER_INDEX !== '0') return;
  const lines = [
    '',
    `  Back-office: ${url}/admin    Visitor area: ${url}/track-order/{orderId}    API docs: ${url}/api/docs`,
    `  Listening on ${config.host}:${port}${config.host === '127.0.0.1' ? ' (this machine only; set HOST to open it)' : ''}`,
    `  Database: ${config.databaseUrl ? config.databaseUrl.replace(/\/\/[^@]*@/, '//***@') : `SQLite in ${config.dataDir}`}`,
  ];
  console.log(lines.join('\n') + '\n');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
