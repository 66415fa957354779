import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import mysql from 'mysql2/promise';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../../api/src/db/knex.js';
import { loadConfig } from '../../../api/src/config.js';
import { createStorage } from '../../../api/src/storage/index.js';
import { tableChecksums } from '../../helpers/checksum.js';
import { createTestDb, dialects, type TestDb } from '../../helpers/db.js';
import { MYSQL_URL } from '../../setup/mysql.js';

/**
 * Backups hold customer data and password hashes: npm run backup --
 * --encrypt writes every file but the manifest under BACKUP_KEY (AES-256-GCM), and npm run restore
 * decrypts it with the same key, refusing a missing or wrong key or a changed file, saying which.
 */
function script(name: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
      env: { ...process.env, NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), STORAGE_URL: '', BACKUP_KEY: '', ...env },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const KEY_HEX = crypto.randomBytes(32).toString('hex');
const OTHER_KEY_BASE64 = crypto.randomBytes(32).toString('base64');
const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** Every file under a folder, by path relative to it. */
const filesUnder = (folder: string): string[] =>
  fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));

/** The documents' plain bytes, read as the server of that data folder reads them (decrypted under its DATA_KEY). */
async function documentHashes(db: TestDb['db'], dataDir: string) {
  const storage = createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
  const hashes: Record<string, string> = {};
  for (const key of await db('uploaded_documents').pluck('storage_key')) {
    const chunks: Buffer[] = [];
    for await (const chunk of (await storage.open(key))!.stream) chunks.push(chunk as Buffer);
    hashes[key] = sha(Buffer.concat(chunks));
  }
  return hashes;
}

describe.each(dialects())('encrypted backup and restore on %s', (dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** An empty target: a fresh data folder, and on MySQL a new empty database. */
  async function emptyTarget() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tdac-restore-'));
    let databaseUrl = '';
    if (dialect === 'mysql') {
      const name = `tdac_restore_${crypto.randomBytes(5).toString('hex')}`;
      const admin = await mysql.createConnection({ uri: MYSQL_URL });
      await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      await admin.end();
      databaseUrl = `${MYSQL_URL.replace(/\/$/, '')}/${name}`;
      cleanups.push(async () => {
        const conn = await mysql.createConnection({ uri: MYSQL_URL });
        await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
        await conn.end();
      });
    }
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    return { dataDir, databaseUrl };
  }
  const newFolder = () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'tdac-backup-'));
    cleanups.push(async () => fs.rmSync(parent, { recursive: true, force: true }));
    return path.join(parent, 'snapshot');
  };

  it('refuses --encrypt without a usable BACKUP_KEY, writing nothing', async () => {
    const source = await createTestDb(dialect, { seed: false });
    cleanups.push(() => source.drop());
    for (const key of ['', 'not-a-key', 'ab'.repeat(16)]) {
      const folder = newFolder();
      const env = { DATA_DIR: source.dataDir, DATABASE_URL: source.databaseUrl, BACKUP_KEY: key };
      const run = await script('backup', ['--encrypt', folder], env);
      expect(run.code, key).toBe(2);
      expect(run.output).toMatch(/BACKUP_KEY/);
      expect(fs.existsSync(folder)).toBe(false);
    }
  });

  it('writes no customer data in clear, and restores every row and byte with the key only', async () => {
    const source = await createTestDb(dialect);
    cleanups.push(() => source.drop());
    const emails: string[] = await source.db('orders').distinct().limit(50).pluck('email');
    const hashes: string[] = await source.db('team_members').pluck('password_hash');
    expect(emails.length).toBeGreaterThan(10);
    const rowsBefore = await tableChecksums(source.db);
    const bytesBefore = await documentHashes(source.db, source.dataDir);

    const folder = newFolder();
    const backup = await script('backup', ['--encrypt', folder], {
      DATA_DIR: source.dataDir,
      DATABASE_URL: source.databaseUrl,
      BACKUP_KEY: KEY_HEX,
    });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/encrypted under BACKUP_KEY/);

    const files = filesUnder(folder);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const bytes = fs.readFileSync(path.join(folder, file));
      for (const secret of [...emails, ...hashes, 'SQLite format 3', 'INSERT INTO', '%PDF-'])
        expect(bytes.includes(secret), `${secret} in ${file}`).toBe(false);
      expect(fs.statSync(path.join(folder, file)).mode & 0o777, file).toBe(0o600);
    }
    expect(JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')).encryption).toMatchObject({
      algorithm: 'aes-256-gcm',
    });

    const target = await emptyTarget();
    const env = (key: string) => ({ DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl, BACKUP_KEY: key });
    const missing = await script('restore', [folder], env(''));
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(/This backup is encrypted\. BACKUP_KEY is not set/);
    const wrong = await script('restore', [folder], env(OTHER_KEY_BASE64));
    expect(wrong.code).toBe(1);
    expect(wrong.output).toMatch(/BACKUP_KEY is not the key this backup was encrypted with/);

    // A changed byte is found by the tag, before the database is touched.
    const databaseFile = path.join(folder, dialect === 'sqlite' ? 'app.sqlite' : 'database.sql');
    const original = fs.readFileSync(databaseFile);
    const changed = Buffer.from(original);
    changed[Math.floor(changed.length / 2)]! ^= 0x01;
    fs.writeFileSync(databaseFile, changed);
    const tampered = await script('restore', [folder], env(KEY_HEX));
    expect(tampered.code).toBe(1);
    expect(tampered.output).toMatch(/could not be decrypted with BACKUP_KEY \(wrong key, or the file was changed\)/);
    fs.writeFileSync(databaseFile, original);

    const restore = await script('restore', [folder], env(KEY_HEX));
    expect(restore.code, restore.output).toBe(0);
    const restored = createDb(target);
    cleanups.push(async () => restored.destroy());
    expect(await tableChecksums(restored)).toEqual(rowsBefore);
    expect(await documentHashes(restored, target.dataDir)).toEqual(bytesBefore);
    // Six runs of the backup and restore scripts, each a Node process of its own: a minute or more on a busy machine.
  }, 240_000);
});
