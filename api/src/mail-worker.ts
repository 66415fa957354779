import { loadConfig } from './config.js';
import { createDb } from './db/knex.js';
import { createStorage } from './storage/index.js';
import type { WorkerLog } from './core/outboxWorker.js';
import { createMailWorker } from './modules/mail/worker.js';
import { migrateLatest } from '../../migrations/index.js';

/**
 * The mail outbox worker on its own (`npm run mail-worker`), for running mail apart from the API
 * processes (set MAIL_WORKER=false there). Any number of these may run: claims keep them apart.
 */
async function main() {
  const config = loadConfig();
  const db = createDb(config);
  await migrateLatest(db);
  const line = (level: string) => (fields: object, msg?: string) =>
    console.log(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }));
  const log: WorkerLog = { info: line('info'), warn: line('warn'), error: line('error') };
  const worker = createMailWorker({
    db,
    config,
    storage: createStorage(config),
    log,
  });

  const close = async (signal: string) => {
    log.info({ signal }, 'mail worker stopping');
    await worker.stop();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  worker.start();
  log.info({ worker: worker.id }, 'mail worker started');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
