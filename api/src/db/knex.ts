import path from 'node:path';
import fs from 'node:fs';
import knexFactory, { type Knex } from 'knex';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../storage/privateFiles.js';

export type Dialect = 'sqlite' | 'mysql';

export interface DbOptions {
  /** mysql://user:pass@host:3306/db; empty means the embedded SQLite database. */
  databaseUrl?: string;
  /** Folder of the SQLite file. */
  dataDir: string;
}

export const dialectOf = (db: Knex): Dialect => (db.client.config.client === 'mysql2' ? 'mysql' : 'sqlite');

/**
 * The one place that normalises the two dialects (the Ghost model): SQLite with foreign keys on and
 * WAL; MySQL in utf8mb4 and UTC. Both answer datetimes as 'YYYY-MM-DD HH:mm:ss' strings and decimals
 * as numbers, so the rest of the code never branches on the dialect for reading.
 */
export function createDb(options: DbOptions): Knex {
  if (options.databaseUrl) {
    const url = new URL(options.databaseUrl);
    if (url.protocol !== 'mysql:') throw new Error(`DATABASE_URL must start with mysql:// (got ${url.protocol})`);
    return knexFactory({
      client: 'mysql2',
      connection: {
        host: url.hostname,
        port: Number(url.port || 3306),
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
        database: url.pathname.replace(/^\//, ''),
        charset: 'utf8mb4',
        timezone: 'Z',
        dateStrings: true,
        decimalNumbers: true,
        supportBigNumbers: true,
        bigNumberStrings: false,
      },
      pool: {
        min: 0,
        max: Number(url.searchParams.get('pool') ?? 10),
        afterCreate(
          conn: { query: (sql: string, cb: (err: Error | null) => void) => void },
          done: (err: Error | null, conn: unknown) => void,
        ) {
          conn.query("SET time_zone = '+00:00', NAMES utf8mb4 COLLATE utf8mb4_unicode_ci", (err) => done(err, conn));
        },
      },
      acquireConnectionTimeout: 10_000,
    });
  }
  ensurePrivateDir(options.dataDir);
  // SQLite gives its -wal and -shm files the mode of the database file, so 0600 here covers all three.
  const filename = path.join(options.dataDir, 'app.sqlite');
  fs.closeSync(fs.openSync(filename, 'a', PRIVATE_FILE_MODE));
  fs.chmodSync(filename, PRIVATE_FILE_MODE);
  return knexFactory({
    client: 'better-sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    pool: {
      afterCreate(conn: { pragma: (sql: string) => unknown }, done: (err: Error | null, conn: unknown) => void) {
        conn.pragma('foreign_keys = ON');
        conn.pragma('journal_mode = WAL');
        conn.pragma('busy_timeout = 5000');
        conn.pragma('synchronous = NORMAL');
        done(null, conn);
      },
    },
  });
}

/** Adds `delta` to an integer column keyed by a unique key, creating the row when missing. */
export function upsertIncrement(
  db: Knex | Knex.Transaction,
  table: string,
  key: Record<string, string | number>,
  column: string,
  delta: number,
) {
  return db(table)
    .insert({ ...key, [column]: delta })
    .onConflict(Object.keys(key))
    .merge({ [column]: db.raw('?? + ?', [`${table}.${column}`, delta]) });
}

/** Inserts one row and answers its new id: without returning(), SQLite and MySQL both answer [id]. */
export async function insertOne(
  db: Knex | Knex.Transaction,
  table: string,
  row: Record<string, unknown>,
): Promise<number> {
  const [id] = await db(table).insert(row);
  return Number(id);
}
