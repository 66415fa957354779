import path from 'node:path';
import fs from 'node:fs';
import net from 'node:net';
import knexFactory, { type Knex } from 'knex';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../storage/privateFiles.js';

export type Dialect = 'sqlite' | 'mysql';

export interface DbOptions {
  /**
   * mysql://user:pass@host:3306/db; empty means the embedded SQLite database. Several hosts
   * (mysql://user@h1:3306,h2:3306,h3:3306/db) name the nodes of one Galera cluster.
   */
  databaseUrl?: string;
  /** Which of several hosts this process uses (1-based; DATABASE_NODE); 0 or absent: the first. */
  databaseNode?: number;
  /** Folder of the SQLite file. */
  dataDir: string;
}

export const dialectOf = (db: Knex): Dialect => (db.client.config.client === 'mysql2' ? 'mysql' : 'sqlite');

/** The shard of the shared counter rows each database's writers use, by the knex config a transaction shares. */
const shards = new WeakMap<object, number>();

/**
 * The shard of the hot counter rows (order_counters, order_ranks: migration 012) this process adds
 * to: its node of a Galera cluster (DATABASE_NODE), 0 on one database. Every change moves some of
 * those few rows, and two nodes writing one row at once make one of them lose certification;
 * writers on different nodes add to different rows, which the readers sum.
 */
export const hotRowShard = (db: Knex | Knex.Transaction): number => shards.get(db.client.config as object) ?? 0;

export interface MysqlAddress {
  hosts: Array<{ host: string; port: number }>;
  user: string;
  password: string;
  database: string;
  /** Connections in this process's pool (?pool=). */
  pool: number;
}

/** A mysql:// address with one host or several (host[:port] separated by commas), which `new URL` refuses. */
export function parseMysqlUrl(databaseUrl: string): MysqlAddress {
  const match = /^mysql:\/\/([^/?#]*)([^?#]*)(\?[^#]*)?$/.exec(databaseUrl);
  if (!match) throw new Error('DATABASE_URL must be mysql://user:password@host[:port][,host[:port]...]/database');
  const [, authority = '', pathname = '', search = ''] = match;
  const at = authority.lastIndexOf('@');
  const hostList = authority.slice(at + 1);
  const hosts = hostList.split(',').map((entry) => {
    // Each host read through URL, as a one-host address would be (IPv6 brackets, default port).
    const url = new URL(`mysql://${entry}`);
    if (!url.hostname) throw new Error(`DATABASE_URL names an empty host (${hostList})`);
    return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 3306) };
  });
  const auth = new URL(`mysql://${authority.slice(0, at + 1)}x${search}`);
  const pool = Number(auth.searchParams.get('pool') ?? 10);
  if (!Number.isInteger(pool) || pool < 1) throw new Error('DATABASE_URL ?pool= must be a positive integer');
  return {
    hosts,
    user: decodeURIComponent(auth.username),
    password: decodeURIComponent(auth.password),
    database: decodeURIComponent(pathname.replace(/^\//, '')),
    pool,
  };
}

/** A host that failed is skipped for this long before new connections try it again. */
const HOST_RETRY_MS = 2000;

type MysqlConn = {
  stream: net.Socket;
  query: (sql: string, cb: (err: Error | null, rows?: Array<Record<string, string>>) => void) => void;
};

/**
 * Knex's MySQL configuration. With several hosts each new connection goes to this process's node
 * (`preferred`), or when it refuses, drops or is not Synced, to the next host in the listed order
 * (failover: the pool creates the connection again); a failed host is tried again after
 * HOST_RETRY_MS, so connections return to the preferred node once it is back. Sessions on a
 * cluster read causally (wsrep_sync_wait=1): a process told of a change by another (live events)
 * reads it on its own node.
 */
function mysqlConfig(address: MysqlAddress, preferred: number): Knex.Config {
  const { hosts } = address;
  const cluster = hosts.length > 1;
  const ordered = [...hosts.slice(preferred), ...hosts.slice(0, preferred)];
  const downUntil = new Map<string, number>();
  const key = (host?: string, port?: number) => `${host}:${port}`;
  const markDown = (host?: string, port?: number) => downUntil.set(key(host, port), Date.now() + HOST_RETRY_MS);
  const settings = {
    user: address.user,
    password: address.password,
    database: address.database,
    charset: 'utf8mb4',
    timezone: 'Z',
    dateStrings: true,
    decimalNumbers: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
    ...hosts[0]!,
  };
  // The host is chosen as each connection opens its socket (mysql2's `stream`), not once for the pool.
  const stream = () => {
    const now = Date.now();
    const { host, port } = ordered.find((h) => (downUntil.get(key(h.host, h.port)) ?? 0) <= now) ?? ordered[0]!;
    const socket = net.connect(port, host);
    socket.once('error', () => markDown(host, port));
    return socket;
  };
  const session = "SET time_zone = '+00:00', NAMES utf8mb4 COLLATE utf8mb4_unicode_ci";
  return {
    client: 'mysql2',
    connection: cluster ? { ...settings, stream } : settings,
    pool: {
      min: 0,
      max: address.pool,
      // A connection refused by one node is made again (on the next one) instead of failing its request.
      propagateCreateError: !cluster,
      afterCreate(conn: MysqlConn, done: (err: Error | null, conn: unknown) => void) {
        if (!cluster) return conn.query(session, (err) => done(err, conn));
        const fail = (error: Error) => {
          markDown(conn.stream.remoteAddress, conn.stream.remotePort);
          done(error, conn);
        };
        conn.query(`${session}, SESSION wsrep_sync_wait = 1`, (err) => {
          if (err) return fail(err);
          conn.query("SHOW GLOBAL STATUS LIKE 'wsrep_local_state_comment'", (error, rows) => {
            const state = rows?.[0]?.Value;
            if (error) fail(error);
            else if (state !== 'Synced') fail(new Error(`The database node is ${state ?? 'not in a cluster'}`));
            else done(null, conn);
          });
        });
      },
    },
    acquireConnectionTimeout: 10_000,
  };
}

/** The address of each knex instance made for a cluster (several hosts). */
const clusters = new WeakMap<Knex, MysqlAddress>();

/**
 * Where migrations run: on a cluster, one connection to the first listed node that answers, for
 * every process whatever its own node. knex's migration lock is a row updated in a transaction that
 * DDL commits implicitly; two nodes each see it free and both migrate (tests/galera saw it), while on
 * one node the row lock makes the second wait and find it taken. `release` closes that connection.
 */
export function migrationDb(db: Knex): { db: Knex; release: () => Promise<void> } {
  const address = clusters.get(db);
  if (!address) return { db, release: async () => {} };
  const single = knexFactory(mysqlConfig({ ...address, pool: 1 }, 0));
  return { db: single, release: () => single.destroy() };
}

/**
 * The one place that normalises the two dialects (the Ghost model): SQLite with foreign keys on and
 * WAL; MySQL in utf8mb4 and UTC. Both answer datetimes as 'YYYY-MM-DD HH:mm:ss' strings and decimals
 * as numbers, so the rest of the code never branches on the dialect for reading.
 */
export function createDb(options: DbOptions): Knex {
  if (options.databaseUrl) {
    if (!options.databaseUrl.startsWith('mysql://')) throw new Error('DATABASE_URL must start with mysql://');
    const address = parseMysqlUrl(options.databaseUrl);
    const node = options.databaseNode ?? 0;
    if (node > address.hosts.length) {
      throw new Error(`DATABASE_NODE is ${node} but DATABASE_URL lists ${address.hosts.length} host(s)`);
    }
    const db = knexFactory(mysqlConfig(address, Math.max(node - 1, 0)));
    if (address.hosts.length > 1) {
      shards.set(db.client.config as object, Math.max(node, 1));
      clusters.set(db, address);
    }
    return db;
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
      afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
        conn.pragma('foreign_keys = ON');
        conn.pragma('journal_mode = WAL');
        conn.pragma('busy_timeout = 5000');
        conn.pragma('synchronous = NORMAL');
        done(null, conn);
      },
    },
  });
}

/** The part of a better-sqlite3 connection used here. */
interface SqliteConnection {
  pragma(sql: string): unknown;
}

/** Adds `delta` to an integer column keyed by a unique key, creating the row when missing. */
export function upsertIncrement(
  db: Knex | Knex.Transaction,
  table: string,
  key: Record<string, string | number>,
  column: string,
  delta: number,
) {
  return upsertIncrements(db, table, Object.keys(key), column, [{ ...key, [column]: delta }]);
}

/**
 * Adds each row's `column` to the stored row of the same key, creating the missing ones, in one statement: the
 * rows are taken in the order given (callers sort them, so concurrent transactions lock in one order).
 */
export function upsertIncrements(
  db: Knex | Knex.Transaction,
  table: string,
  keyColumns: string[],
  column: string,
  rows: Array<Record<string, string | number>>,
) {
  const added = dialectOf(db) === 'mysql' ? db.raw('VALUES(??)', [column]) : db.raw('??', [`excluded.${column}`]);
  return db(table)
    .insert(rows)
    .onConflict(keyColumns)
    .merge({ [column]: db.raw('?? + ?', [`${table}.${column}`, added]) });
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
