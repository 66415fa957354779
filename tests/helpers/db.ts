import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import mysql from 'mysql2/promise';
import type { Knex } from 'knex';
import { inject } from 'vitest';
import { createDb, type Dialect } from '../../api/src/db/knex.js';
import { migrateLatest } from '../../migrations/index.js';
import { seedDemo } from '../../seeds/index.js';
import { MYSQL_URL } from '../setup/mysql.js';

/** The dialects this run tests: SQLite always, MySQL when it answers (REQUIRE_MYSQL=1 makes it required). */
export const dialects = (): Dialect[] => (inject('mysqlAvailable') ? ['sqlite', 'mysql'] : ['sqlite']);

export interface TestDb {
  dialect: Dialect;
  db: Knex;
  dataDir: string;
  /** DATABASE_URL for this database ('' for SQLite). */
  databaseUrl: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database of its own (a temp SQLite file, or a new MySQL database), seeded with demo data unless told not to. */
export async function createTestDb(dialect: Dialect, { seed = true } = {}): Promise<TestDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tdac-test-'));
  let databaseUrl = '';
  let dropDatabase = async () => {};
  if (dialect === 'mysql') {
    const name = `tdac_test_${crypto.randomBytes(5).toString('hex')}`;
    const admin = await mysql.createConnection({ uri: MYSQL_URL });
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
    databaseUrl = `${MYSQL_URL.replace(/\/$/, '')}/${name}`;
    dropDatabase = async () => {
      const conn = await mysql.createConnection({ uri: MYSQL_URL });
      await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
    };
  }
  const db = createDb({ databaseUrl, dataDir });
  await migrateLatest(db);
  if (seed) await seedDemo(db, dataDir);
  return {
    dialect,
    db,
    dataDir,
    databaseUrl,
    async drop() {
      await db.destroy();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
