/**
 * npm run backup [-- [--encrypt] FOLDER]: a consistent snapshot of the database and the documents in a
 * new folder (default ./backups/<UTC time>). SQLite through its online backup API, MySQL through
 * `mysqldump --single-transaction`; both while the app keeps serving. Restore with npm run restore.
 * With --encrypt every file but the manifest is AES-256-GCM under BACKUP_KEY (scripts/backupCrypto.ts):
 * documents are encrypted as they are read, the database snapshot right after it is taken (its plain
 * copy lives in the private backup folder only until then).
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
import { backupKey, encryptFile, encryptionOf } from './backupCrypto.js';

const args = process.argv.slice(2);
let key: Buffer | null = null;
if (args.includes('--encrypt')) {
  try {
    key = backupKey();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const folder = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? path.join('backups', stamp));
if (fs.existsSync(folder) && fs.readdirSync(folder).length) {
  console.error(`${folder} is not empty: a backup goes into a new or empty folder.`);
  process.exit(2);
}
ensurePrivateDir(folder);

/** Encrypts a file the snapshot just wrote in the folder in place (with --encrypt). */
async function encryptInPlace(name: string) {
  if (!key) return;
  const file = path.join(folder, name);
  const plain = `${file}.plain`;
  fs.renameSync(file, plain);
  await encryptFile(key, name, fs.createReadStream(plain), file);
  fs.rmSync(plain);
}

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
    await encryptInPlace(SQLITE_FILE);
  } else {
    const { args, env, database } = mysqlClientArgs(config.databaseUrl, config.databaseNode);
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
    await encryptInPlace(MYSQL_DUMP_FILE);
  }
  // Documents named by the database; one uploaded after the snapshot is not in it and not needed. Rows of
  // documents that retention or an erase removed name none ('').
  const documents: string[] = await db('uploaded_documents')
    .whereNot('storage_key', '')
    .distinct()
    .pluck('storage_key');
  const storage = storageOf(config);
  let bytes = 0;
  for (const storageKey of documents) {
    const file = await storage.open(storageKey);
    if (!file) throw new Error(`Document ${storageKey} is named by the database but missing from storage.`);
    const target = path.join(folder, DOCUMENTS_FOLDER, storageKey);
    ensurePrivateDir(path.dirname(target));
    if (key) await encryptFile(key, `${DOCUMENTS_FOLDER}/${storageKey}`, file.stream, target);
    else
      await new Promise<void>((resolve, reject) =>
        file.stream
          .pipe(fs.createWriteStream(target, { mode: PRIVATE_FILE_MODE }))
          .once('finish', resolve)
          .once('error', reject),
      );
    bytes += file.size;
  }
  const manifest: Manifest = {
    createdAt: new Date().toISOString(),
    dialect,
    documents,
    ...(key ? { encryption: encryptionOf(key) } : {}),
  };
  fs.writeFileSync(path.join(folder, MANIFEST_FILE), JSON.stringify(manifest, null, 2), { mode: PRIVATE_FILE_MODE });
  console.log(
    `Backup of the ${dialect} database and ${documents.length} documents (${bytes} bytes) in ${folder}` +
      (key ? ', encrypted under BACKUP_KEY' : ''),
  );
} finally {
  await db.destroy();
}
