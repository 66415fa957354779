/**
 * npm run restore -- FOLDER: brings a backup of npm run backup back into an empty database (the
 * configured DATA_DIR's SQLite file, or the DATABASE_URL database) and its documents into storage,
 * then runs any newer migrations. A database that holds data is refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../api/src/config.js';
import { createDb, dialectOf } from '../api/src/db/knex.js';
import { PRIVATE_FILE_MODE } from '../api/src/storage/privateFiles.js';
import { rebuildReportRollups } from '../api/src/modules/reports/rollups.js';
import { migrateLatest } from '../migrations/index.js';
import {
  DOCUMENTS_FOLDER,
  MANIFEST_FILE,
  MYSQL_DUMP_FILE,
  SQLITE_FILE,
  mysqlClientArgs,
  run,
  storageOf,
  tablesWithRows,
  type Manifest,
} from './backupFormat.js';

const folder = process.argv[2];
if (!folder || !fs.existsSync(path.join(folder, MANIFEST_FILE))) {
  console.error('usage: npm run restore -- FOLDER (a folder written by npm run backup)');
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(path.join(folder, MANIFEST_FILE), 'utf8')) as Manifest;
const config = loadConfig();
let db = createDb(config);
try {
  const dialect = dialectOf(db);
  if (dialect !== manifest.dialect)
    throw new Error(`This is a ${manifest.dialect} backup; the configured database is ${dialect}.`);
  const used = await tablesWithRows(db, dialect);
  if (used.length)
    throw new Error(
      `The database is not empty (${used.slice(0, 5).join(', ')} hold rows): restore goes into an empty one.`,
    );
  if (dialect === 'sqlite') {
    await db.destroy();
    const target = path.join(config.dataDir, SQLITE_FILE);
    for (const suffix of ['-wal', '-shm']) fs.rmSync(target + suffix, { force: true });
    fs.copyFileSync(path.join(folder, SQLITE_FILE), target);
    fs.chmodSync(target, PRIVATE_FILE_MODE);
    db = createDb(config);
  } else {
    const { args, env, database } = mysqlClientArgs(config.databaseUrl);
    await run('mysql', [...args, database], env, { stdin: path.join(folder, MYSQL_DUMP_FILE) });
  }
  const storage = storageOf(config);
  for (const key of manifest.documents) {
    await storage.write(key, fs.readFileSync(path.join(folder, DOCUMENTS_FOLDER, key)));
  }
  await migrateLatest(db);
  // The report totals are recounted from the restored orders, whatever the dump held of them.
  await rebuildReportRollups(db);
  console.log(`Restored the ${dialect} database and ${manifest.documents.length} documents from ${folder}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
