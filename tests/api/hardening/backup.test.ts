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
 * `npm run backup` writes a consistent snapshot of the database and the documents
 * to a folder; npm run restore -- FOLDER brings it back into an empty database, every row and byte equal.
 */
function script(name: 'backup' | 'restore', arg: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, arg], {
      env: { ...process.env, NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), STORAGE_URL: '', ...env },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** The documents' plain bytes, read as the server of that data folder reads them (decrypted under its DATA_KEY). */
async function documentHashes(db: TestDb['db'], dataDir: string) {
  const storage = createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
  const hashes: Record<string, string> = {};
  for (const key of await db('uploaded_documents').pluck('storage_key')) {
    const file = await storage.open(key);
    expect(file, key).not.toBeNull();
    const chunks: Buffer[] = [];
    for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
    hashes[key] = sha(Buffer.concat(chunks));
  }
  return hashes;
}

describe.each(dialects())('backup and restore on %s', (dialect) => {
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

  it('round-trips a database with orders, mails and documents, every row and byte equal', async () => {
    const source = await createTestDb(dialect);
    cleanups.push(() => source.drop());
    const counts = {
      orders: Number((await source.db('orders').count({ n: '*' }))[0]!.n),
      mails: Number((await source.db('mail_outbox').count({ n: '*' }))[0]!.n),
      documents: Number((await source.db('uploaded_documents').count({ n: '*' }))[0]!.n),
    };
    expect(counts.orders).toBeGreaterThan(100);
    expect(counts.mails).toBeGreaterThan(10);
    expect(counts.documents).toBeGreaterThan(10);
    const rowsBefore = await tableChecksums(source.db);
    const bytesBefore = await documentHashes(source.db, source.dataDir);

    const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tdac-backup-')), 'snapshot');
    cleanups.push(async () => fs.rmSync(path.dirname(folder), { recursive: true, force: true }));
    const backup = await script('backup', folder, { DATA_DIR: source.dataDir, DATABASE_URL: source.databaseUrl });
    expect(backup.code, backup.output).toBe(0);
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);

    const target = await emptyTarget();
    const restore = await script('restore', folder, { DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl });
    expect(restore.code, restore.output).toBe(0);

    const restored = createDb(target);
    cleanups.push(async () => restored.destroy());
    expect(await tableChecksums(restored)).toEqual(rowsBefore);
    expect(await documentHashes(restored, target.dataDir)).toEqual(bytesBefore);
    console.info(
      `backup round trip on ${dialect}: ${Object.keys(rowsBefore).length} tables, ${counts.orders} orders, ` +
        `${counts.mails} mails, ${counts.documents} documents equal`,
    );

    // A database in use is never overwritten.
    const again = await script('restore', folder, { DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/not empty/);
  });
});
