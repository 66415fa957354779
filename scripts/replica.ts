/**
 * A MariaDB primary and a read replica on loopback, for development and tests/api/db/replica.test.ts
 * (`npm run replica:start` / `npm run replica:stop`): the primary (server_id 1, row-based binary log)
 * on port 3321, the replica (server_id 2, read_only) on 3322, each with its own datadir; the replica
 * follows the primary by GTID (MASTER_USE_GTID=slave_pos). Starting a running pair only waits for it;
 * stopping stops the replica first.
 *
 * Root has an empty password over TCP: a local test pair, bound to 127.0.0.1 only, on ports well away
 * from the machine's own MariaDB (3306) and the Galera test cluster (3311-3313). The reports read the
 * replica as `reader`, who may only SELECT: read_only does not stop root, a missing privilege does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';
import { runningPid } from './cluster.js';

const MARIADBD = '/usr/sbin/mariadbd';
const INSTALL_DB = '/usr/bin/mariadb-install-db';

/** Where the two servers keep their data (REPLICA_DIR; by default a folder under the system temp dir). */
export const REPLICA_DIR = path.resolve(process.env.REPLICA_DIR ?? path.join(os.tmpdir(), 'tdac-replica'));

export interface ReplicationServer {
  name: 'primary' | 'replica';
  serverId: number;
  port: number;
  dir: string;
  datadir: string;
}

const server = (name: ReplicationServer['name'], serverId: number, port: number): ReplicationServer => {
  const dir = path.join(REPLICA_DIR, name);
  return { name, serverId, port, dir, datadir: path.join(dir, 'data') };
};
export const PRIMARY = server('primary', 1, 3321);
export const REPLICA = server('replica', 2, 3322);

/** The user replication connects as, and the SELECT-only user the reports read the replica as. */
const REPLICATION_USER = { user: 'repl', password: 'repl-local-only' };
export const READER = { user: 'reader', password: 'reader-local-only' };

/** DATABASE_URL of a database on the primary, and DATABASE_READ_URL of the same database on the replica. */
export const primaryUrl = (database = '') => `mysql://root@127.0.0.1:${PRIMARY.port}/${database}`;
export const replicaReadUrl = (database = '') =>
  `mysql://${READER.user}:${READER.password}@127.0.0.1:${REPLICA.port}/${database}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message: string) => process.stderr.write(`[replica] ${message}\n`);

function configFile(s: ReplicationServer): string {
  const file = path.join(s.dir, 'my.cnf');
  const role =
    s.name === 'primary'
      ? [`log_bin=${path.join(s.datadir, 'binlog')}`, 'binlog_format=ROW']
      : [
          'read_only=ON',
          `relay_log=${path.join(s.datadir, 'relay')}`,
          // The replica applies the primary's changes only; it keeps no binary log of its own.
          'skip_log_bin',
        ];
  fs.writeFileSync(
    file,
    [
      '[mariadbd]',
      `datadir=${s.datadir}`,
      `socket=${path.join(s.dir, 'mariadbd.sock')}`,
      `pid-file=${path.join(s.dir, 'mariadbd.pid')}`,
      `log-error=${path.join(s.dir, 'error.log')}`,
      `port=${s.port}`,
      'bind-address=127.0.0.1',
      'user=mysql',
      'skip-name-resolve',
      `server_id=${s.serverId}`,
      ...role,
      'default_storage_engine=InnoDB',
      // Small: two servers share a small machine with other servers.
      'innodb_buffer_pool_size=128M',
      'innodb_log_file_size=64M',
      'max_connections=200',
      'character-set-server=utf8mb4',
      'collation-server=utf8mb4_unicode_ci',
      '',
    ].join('\n'),
  );
  return file;
}

function mysqlOwner(): [number, number] {
  const passwd = fs.readFileSync('/etc/passwd', 'utf8').match(/^mysql:[^:]*:(\d+):(\d+):/m);
  if (!passwd) throw new Error('The mysql user is missing (install mariadb-server)');
  return [Number(passwd[1]), Number(passwd[2])];
}

/** A fresh datadir (first start only): the system tables, owned by the mysql user. */
async function initialise(s: ReplicationServer) {
  fs.mkdirSync(s.dir, { recursive: true });
  fs.chmodSync(REPLICA_DIR, 0o755);
  if (fs.existsSync(path.join(s.datadir, 'mysql'))) return;
  fs.mkdirSync(s.datadir, { recursive: true });
  fs.chownSync(s.dir, ...mysqlOwner());
  fs.chownSync(s.datadir, ...mysqlOwner());
  await promisify(execFile)(INSTALL_DB, [
    '--no-defaults',
    `--datadir=${s.datadir}`,
    '--user=mysql',
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
  ]);
}

/** A root connection to one of the two servers. */
export const connect = (s: ReplicationServer) =>
  mysql.createConnection({ host: '127.0.0.1', port: s.port, user: 'root', connectTimeout: 2000 });

async function answers(s: ReplicationServer): Promise<boolean> {
  try {
    const conn = await connect(s);
    await conn.end();
    return true;
  } catch {
    return false;
  }
}

/** Starts a server's mariadbd in the background (it outlives this process) and waits until it answers. */
async function startServer(s: ReplicationServer, timeoutMs = 120_000) {
  if (!runningPid(s)) {
    await initialise(s);
    const child = spawn(MARIADBD, [`--defaults-file=${configFile(s)}`], { detached: true, stdio: 'ignore' });
    child.unref();
    log(`${s.name} starting on port ${s.port}`);
  }
  const started = Date.now();
  while (!(await answers(s))) {
    if (!runningPid(s) && Date.now() - started > 5000) {
      throw new Error(`${s.name} stopped while starting: see ${path.join(s.dir, 'error.log')}`);
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${s.name} does not answer after ${timeoutMs} ms`);
    await sleep(200);
  }
}

export interface ReplicaStatus {
  ioRunning: string;
  sqlRunning: string;
  secondsBehind: number | null;
  lastError: string;
}

/** SHOW SLAVE STATUS of the replica, or null when replication was never set up. */
export async function replicaStatus(conn: mysql.Connection): Promise<ReplicaStatus | null> {
  const [rows] = await conn.query('SHOW SLAVE STATUS');
  const row = (rows as Array<Record<string, string | number | null>>)[0];
  if (!row) return null;
  return {
    ioRunning: String(row.Slave_IO_Running),
    sqlRunning: String(row.Slave_SQL_Running),
    secondsBehind: row.Seconds_Behind_Master === null ? null : Number(row.Seconds_Behind_Master),
    lastError: String(row.Last_IO_Error || row.Last_SQL_Error || ''),
  };
}

/** The replication and reader users on the primary (they reach the replica through replication). */
async function createUsers() {
  const conn = await connect(PRIMARY);
  try {
    for (const { user, password } of [REPLICATION_USER, READER]) {
      await conn.query('CREATE USER IF NOT EXISTS ?@? IDENTIFIED BY ?', [user, '127.0.0.1', password]);
    }
    await conn.query('GRANT REPLICATION SLAVE ON *.* TO ?@?', [REPLICATION_USER.user, '127.0.0.1']);
    await conn.query('GRANT SELECT ON *.* TO ?@?', [READER.user, '127.0.0.1']);
  } finally {
    await conn.end();
  }
}

/** Points the replica at the primary by GTID (first start only) and waits until both threads run. */
async function follow(timeoutMs = 60_000) {
  const conn = await connect(REPLICA);
  try {
    if (!(await replicaStatus(conn))) {
      await conn.query(
        'CHANGE MASTER TO MASTER_HOST = ?, MASTER_PORT = ?, MASTER_USER = ?, MASTER_PASSWORD = ?, MASTER_USE_GTID = slave_pos',
        ['127.0.0.1', PRIMARY.port, REPLICATION_USER.user, REPLICATION_USER.password],
      );
    }
    await conn.query('START SLAVE');
    const started = Date.now();
    for (;;) {
      const status = await replicaStatus(conn);
      if (status?.ioRunning === 'Yes' && status.sqlRunning === 'Yes') return;
      if (Date.now() - started > timeoutMs) throw new Error(`replication not running: ${JSON.stringify(status)}`);
      await sleep(200);
    }
  } finally {
    await conn.end();
  }
}

/**
 * Waits until the replica has applied everything the primary had written when this was called, on
 * the replica's own state (MASTER_GTID_WAIT on the primary's binlog position), and answers how many
 * ms that took. Open root connections to both may be given, so that the time is not a connect's.
 */
export async function waitForReplica(
  open?: { primary: mysql.Connection; replica: mysql.Connection },
  timeoutS = 60,
): Promise<number> {
  const primary = open?.primary ?? (await connect(PRIMARY));
  const replica = open?.replica ?? (await connect(REPLICA));
  try {
    const started = process.hrtime.bigint();
    const [rows] = await primary.query('SELECT @@gtid_binlog_pos AS pos');
    const pos = String((rows as Array<{ pos: string }>)[0]!.pos);
    const [waited] = await replica.query('SELECT MASTER_GTID_WAIT(?, ?) AS result', [pos, timeoutS]);
    if (Number((waited as Array<{ result: number }>)[0]!.result) !== 0) {
      throw new Error(`the replica did not reach ${pos} within ${timeoutS} s`);
    }
    return Number(process.hrtime.bigint() - started) / 1e6;
  } finally {
    if (!open) await Promise.all([primary.end(), replica.end()]);
  }
}

/** Whether both servers are up (the test stops the pair again only when it started it). */
export const replicationRunning = () => Boolean(runningPid(PRIMARY) && runningPid(REPLICA));

/** Starts the primary, then the replica following it, and waits until replication runs. */
export async function startReplication() {
  const started = Date.now();
  await startServer(PRIMARY);
  await createUsers();
  await startServer(REPLICA);
  await follow();
  await waitForReplica();
  log(
    `primary on ${PRIMARY.port}, replica on ${REPLICA.port}, in step (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

async function stopServer(s: ReplicationServer, timeoutMs = 60_000) {
  const pid = runningPid(s);
  if (!pid) return;
  process.kill(pid, 'SIGTERM');
  const started = Date.now();
  while (fs.existsSync(`/proc/${pid}`)) {
    if (Date.now() - started > timeoutMs) throw new Error(`${s.name} (pid ${pid}) did not stop`);
    await sleep(100);
  }
}

/** Stops the replica, then the primary. */
export async function stopReplication() {
  await stopServer(REPLICA);
  await stopServer(PRIMARY);
  log('stopped');
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const command = process.argv[2];
  const run = command === 'start' ? startReplication : command === 'stop' ? stopReplication : null;
  if (!run) {
    console.error('usage: replica.ts start|stop');
    process.exit(2);
  }
  run().then(
    () => process.exit(0),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
