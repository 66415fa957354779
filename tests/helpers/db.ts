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

/**
 * A database migrated (and seeded, if `seeded`) once per run by tests/setup/databases.ts, which
 * each test copies instead of migrating and seeding its own: its data dir (the SQLite file and the
 * seeded uploads), and for MySQL its database's tables as SHOW CREATE TABLE gives them.
 */
export interface DbTemplate {
  dataDir: string;
  /** The MySQL database to copy rows from ('' for SQLite). */
  database: string;
  tables: Array<{ name: string; createSql: string; columns: string[] }>;
}

/** Template keys: dialect, then 'seeded' or 'empty'. */
export type DbTemplates = Partial<Record<`${Dialect}-${'seeded' | 'empty'}`, DbTemplate>>;

const newDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'tdac-test-'));
const mysqlUrlOf = (name: string) => `${MYSQL_URL.replace(/\/$/, '')}/${name}`;

async function createMysqlDatabase(name: string) {
  const admin = await mysql.createConnection({ uri: MYSQL_URL });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
}

export async function dropMysqlDatabase(name: string) {
  const conn = await mysql.createConnection({ uri: MYSQL_URL });
  await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await conn.end();
}

/** Migrates (and seeds) a database of the dialect from scratch, and describes it for copying. */
export async function buildTemplate(dialect: Dialect, { seed }: { seed: boolean }): Promise<DbTemplate> {
  const dataDir = newDataDir();
  const database = dialect === 'mysql' ? `tdac_template_${crypto.randomBytes(5).toString('hex')}` : '';
  if (database) await createMysqlDatabase(database);
  const db = createDb({ databaseUrl: database ? mysqlUrlOf(database) : '', dataDir });
  try {
    await migrateLatest(db);
    if (seed) await seedDemo(db, dataDir);
    const tables: DbTemplate['tables'] = [];
    if (database) {
      const [names] = await db.raw('SHOW FULL TABLES WHERE Table_type = ?', ['BASE TABLE']);
      for (const row of names as Array<Record<string, string>>) {
        const name = Object.values(row)[0]!;
        const [[created]] = await db.raw('SHOW CREATE TABLE ??', [name]);
        // Generated columns take no value of their own.
        const [columns] = await db.raw(
          `SELECT column_name AS name FROM information_schema.columns
            WHERE table_schema = DATABASE() AND table_name = ? AND extra NOT LIKE '%GENERATED%'
            ORDER BY ordinal_position`,
          [name],
        );
        tables.push({
          name,
          createSql: created['Create Table'],
          columns: (columns as Array<{ name: string }>).map((column) => column.name),
        });
      }
    }
    return { dataDir, database, tables };
  } finally {
    // Closed, so that the SQLite file holds everything (no -wal left to copy).
    await db.destroy();
  }
}

/** A new MySQL database with the template's tables, rows and next ids (foreign keys included). */
async function copyMysqlTemplate(template: DbTemplate, name: string) {
  const conn = await mysql.createConnection({ uri: MYSQL_URL, multipleStatements: true });
  try {
    const quote = (identifier: string) => `\`${identifier}\``;
    const statements = [
      `CREATE DATABASE ${quote(name)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
      `USE ${quote(name)}`,
      'SET FOREIGN_KEY_CHECKS = 0',
      ...template.tables.map((table) => table.createSql),
      ...template.tables.map((table) => {
        const columns = table.columns.map(quote).join(', ');
        return `INSERT INTO ${quote(table.name)} (${columns}) SELECT ${columns} FROM ${quote(template.database)}.${quote(table.name)}`;
      }),
    ];
    await conn.query(statements.join(';\n'));
  } finally {
    await conn.end();
  }
}

/**
 * A fresh, migrated database of its own (a temp SQLite file, or a new MySQL database), seeded with demo data
 * unless told not to: a copy of this run's template when there is one, else migrated and seeded here.
 */
export async function createTestDb(dialect: Dialect, { seed = true } = {}): Promise<TestDb> {
  const template = (inject('dbTemplates') as DbTemplates | undefined)?.[`${dialect}-${seed ? 'seeded' : 'empty'}`];
  const dataDir = newDataDir();
  if (template) fs.cpSync(template.dataDir, dataDir, { recursive: true });
  let databaseUrl = '';
  let dropDatabase = async () => {};
  if (dialect === 'mysql') {
    const name = `tdac_test_${crypto.randomBytes(5).toString('hex')}`;
    if (template) await copyMysqlTemplate(template, name);
    else await createMysqlDatabase(name);
    databaseUrl = mysqlUrlOf(name);
    dropDatabase = () => dropMysqlDatabase(name);
  }
  const db = createDb({ databaseUrl, dataDir });
  if (!template) {
    await migrateLatest(db);
    if (seed) await seedDemo(db, dataDir);
  }
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

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DbTemplates;
  }
}
