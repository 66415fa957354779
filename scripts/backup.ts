/**
 * npm run backup [-- FOLDER]: a consistent snapshot of the database and the documents in a new folder
 * (default ./backups/<UTC time>). SQLite through its online backup API, MySQL through
 * `mysqldump --single-transaction`; both while the app keeps serving. Restore with npm run restore.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../api/src/config.js';
import { createDb, dialectOf } from '../api/src/db/knex.js';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../api/src/storage/privateFiles.js';
import {
  DOCUMENTS_FOLDER,
  MANIFEST_FILE,
  MYSQL_DUMP_FILE,
  SQLITE_FILE,
  mysqlClientArgs,
  run,
  storageOf,
  type Manifest,
} from './backupFormat.js';

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const folder = path.resolve(process.argv[2] ?? path.join('backups', stamp));
if (fs.existsSync(folder) && fs.readdirSync(folder).length) {
  console.error(`${folder} is not empty: a backup goes into a new or empty folder.`);
  process.exit(2);
}
ensurePrivateDir(folder);
const db = createDb(config);
try {
  const dialect = dialectOf(db);
  if (dialect === 'sqlite') {
    // better-sqlite3's online backup: pages copied while writers go on, consistent at its end.
    const connection = await db.client.acquireConnection();
    try {
      await (connection as { backup(file: string): Promise<unknown> }).backup(path.join(folder, SQLITE_FILE));
    } finally {
      await db.client.releaseConnection(connection);
    }
    fs.chmodSync(path.join(folder, SQLITE_FILE), PRIVATE_FILE_MODE);
  } else {
    const { args, env, database } = mysqlClientArgs(config.databaseUrl);
    await run(
      'mysqldump',
      [
        ...args,
        '--single-transaction',
        '--quick',
        '--routines',
        '--triggers',
        '--hex-blob',
        '--no-tablespaces',
        database,
      ],
      env,
      { stdout: path.join(folder, MYSQL_DUMP_FILE) },
    );
  }
  // Documents named by the database; one uploaded after the snapshot is not in it and not needed.
  const documents: string[] = await db('uploaded_documents').distinct().pluck('storage_key');
  const storage = storageOf(config);
  let bytes = 0;
  for (const key of documents) {
    const file = await storage.open(key);
    if (!file) throw new Error(`Document ${key} is named by the database but missing from storage.`);
    const target = path.join(folder, DOCUMENTS_FOLDER, key);
    ensurePrivateDir(path.dirname(target));
    await new Promise<void>((resolve, reject) =>
      file.stream
        .pipe(fs.createWriteStream(target, { mode: PRIVATE_FILE_MODE }))
        .once('finish', resolve)
        .once('error', reject),
    );
    bytes += file.size;
  }
  const manifest: Manifest = { createdAt: new Date().toISOString(), dialect, documents };
  fs.writeFileSync(path.join(folder, MANIFEST_FILE), JSON.stringify(manifest, null, 2), { mode: PRIVATE_FILE_MODE });
  console.log(`Backup of the ${dialect} database and ${documents.length} documents (${bytes} bytes) in ${folder}`);
} finally {
  await db.destroy();
}
