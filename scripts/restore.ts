/**
 * npm run restore -- FOLDER: brings a backup of npm run backup back into an empty database (the
 * configured DATA_DIR's SQLite file, or the DATABASE_URL database) and its documents into storage,
 * then runs any newer migrations. A database that holds data is refused. An encrypted backup (its
 * manifest says so) is decrypted with BACKUP_KEY, each file checked whole before it is used.
 */
import fs from 'node:fs';
import os from 'node:os';
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
import { backupKey, decryptFile, encryptionOf, isEncryptedFile } from './backupCrypto.js';

const folder = process.argv[2] ?? '';
if (!folder || !fs.existsSync(path.join(folder, MANIFEST_FILE))) {
  console.error('usage: npm run restore -- FOLDER (a folder written by npm run backup)');
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(path.join(folder, MANIFEST_FILE), 'utf8')) as Manifest;
const databaseFile = path.join(folder, manifest.dialect === 'sqlite' ? SQLITE_FILE : MYSQL_DUMP_FILE);
const config = loadConfig();
let db = createDb(config);
/** Plain copies of encrypted files, each removed once used. */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tdac-restore-'));

/**
 * The key of an encrypted backup (by its manifest, or by its database file should the manifest not say),
 * checked against the manifest's key id; null for a plain backup.
 */
function keyOfBackup(): Buffer | null {
  if (!manifest.encryption && !isEncryptedFile(databaseFile)) return null;
  let key: Buffer;
  try {
    key = backupKey();
  } catch (error) {
    throw new Error(`This backup is encrypted. ${(error as Error).message}`, { cause: error });
  }
  if (manifest.encryption && encryptionOf(key).keyId !== manifest.encryption.keyId)
    throw new Error('BACKUP_KEY is not the key this backup was encrypted with.');
  return key;
}

/** A file of the backup in plain: itself, or its decrypted copy in the scratch folder. */
async function plainFile(key: Buffer | null, name: string): Promise<string> {
  if (!key) return path.join(folder, name);
  const plain = path.join(scratch, name.replace(/[\\/]/g, '_'));
  await decryptFile(key, name, path.join(folder, name), plain);
  return plain;
}

try {
  const key = keyOfBackup();
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
    fs.copyFileSync(await plainFile(key, SQLITE_FILE), target);
    fs.chmodSync(target, PRIVATE_FILE_MODE);
    db = createDb(config);
  } else {
    const { args, env, database } = mysqlClientArgs(config.databaseUrl, config.databaseNode);
    await run('mysql', [...args, database], env, { stdin: await plainFile(key, MYSQL_DUMP_FILE) });
  }
  const storage = storageOf(config);
  for (const storageKey of manifest.documents) {
    const file = await plainFile(key, `${DOCUMENTS_FOLDER}/${storageKey}`);
    await storage.write(storageKey, fs.readFileSync(file));
    if (key) fs.rmSync(file);
  }
  await migrateLatest(db);
  // The report totals are recounted from the restored orders, whatever the dump held of them.
  await rebuildReportRollups(db);
  console.log(`Restored the ${dialect} database and ${manifest.documents.length} documents from ${folder}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
  await db.destroy();
}
