/**
 * A three-node MariaDB Galera cluster on loopback, for development and the galera test project
 * (`npm run cluster:start` / `npm run cluster:stop`). Each node has its own datadir, client port,
 * group-communication port, IST port and SST port; the first node bootstraps a new cluster when no
 * node is up, the others join it (a joiner gets the data by rsync SST, or IST when it was in the
 * cluster before). Starting a running cluster only waits for it; stopping stops each node cleanly,
 * the first node last, so that it is the one safe to bootstrap from next time.
 *
 * Root has an empty password over TCP: this is a local test cluster, bound to 127.0.0.1 only, on
 * ports well away from the machine's own MariaDB (3306).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';

const MARIADBD = '/usr/sbin/mariadbd';
const INSTALL_DB = '/usr/bin/mariadb-install-db';
const GALERA_PROVIDER = '/usr/lib/galera/libgalera_smm.so';

/** Where the nodes keep their data (GALERA_DIR; by default a folder under the system temp dir). */
export const CLUSTER_DIR = path.resolve(process.env.GALERA_DIR ?? path.join(os.tmpdir(), 'tdac-galera'));

export interface GaleraNode {
  /** 1, 2 or 3. */
  index: number;
  /** Client (SQL) port. */
  port: number;
  /** Group communication (gcomm) port; IST and SST use the next two. */
  gcommPort: number;
  istPort: number;
  sstPort: number;
  dir: string;
  datadir: string;
}

export const NODES: GaleraNode[] = [1, 2, 3].map((index) => {
  const dir = path.join(CLUSTER_DIR, `node${index}`);
  return {
    index,
    port: 3310 + index,
    gcommPort: 4567 + index * 10,
    istPort: 4568 + index * 10,
    sstPort: 4569 + index * 10,
    dir,
    datadir: path.join(dir, 'data'),
  };
});

/** mysql://root@127.0.0.1:3311,127.0.0.1:3312,127.0.0.1:3313/<database>: every node, for DATABASE_URL. */
export const clusterUrl = (database = '') =>
  `mysql://root@${NODES.map((n) => `127.0.0.1:${n.port}`).join(',')}/${database}`;

/** One node's address, for an API process that uses only that node. */
export const nodeUrl = (node: GaleraNode, database = '') => `mysql://root@127.0.0.1:${node.port}/${database}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message: string) => process.stderr.write(`[cluster] ${message}\n`);

function configFile(node: GaleraNode): string {
  const file = path.join(node.dir, 'my.cnf');
  const gcomm = NODES.map((n) => `127.0.0.1:${n.gcommPort}`).join(',');
  fs.writeFileSync(
    file,
    [
      '[mariadbd]',
      `datadir=${node.datadir}`,
      `socket=${path.join(node.dir, 'mariadbd.sock')}`,
      `pid-file=${path.join(node.dir, 'mariadbd.pid')}`,
      `log-error=${path.join(node.dir, 'error.log')}`,
      `port=${node.port}`,
      'bind-address=127.0.0.1',
      'user=mysql',
      'skip-name-resolve',
      'binlog_format=ROW',
      'default_storage_engine=InnoDB',
      'innodb_autoinc_lock_mode=2',
      // Small: three nodes share a small machine with other servers.
      'innodb_buffer_pool_size=128M',
      'innodb_log_file_size=64M',
      // Durability comes from the other nodes holding every committed write set.
      'innodb_flush_log_at_trx_commit=2',
      'max_connections=300',
      'character-set-server=utf8mb4',
      'collation-server=utf8mb4_unicode_ci',
      'wsrep_on=ON',
      `wsrep_provider=${GALERA_PROVIDER}`,
      'wsrep_cluster_name=tdac',
      `wsrep_cluster_address=gcomm://${gcomm}`,
      `wsrep_node_name=node${node.index}`,
      'wsrep_node_address=127.0.0.1',
      `wsrep_provider_options="gmcast.listen_addr=tcp://127.0.0.1:${node.gcommPort};ist.recv_addr=127.0.0.1:${node.istPort};gcache.size=128M"`,
      `wsrep_sst_receive_address=127.0.0.1:${node.sstPort}`,
      'wsrep_sst_method=rsync',
      'wsrep_slave_threads=2',
      '',
    ].join('\n'),
  );
  return file;
}

/** The pid of the mariadbd whose datadir is `dir` (a Galera node here, the replica script's servers too). */
export function runningPid(node: { dir: string }): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(node.dir, 'mariadbd.pid'), 'utf8').trim());
    if (pid > 0 && fs.existsSync(`/proc/${pid}`)) {
      // A pid reused by another program after a crash is not our server.
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes('mariadbd') && cmdline.includes(node.dir)) return pid;
    }
  } catch {
    // No pid file: not running.
  }
  return null;
}

export interface NodeStatus {
  clusterSize: number;
  state: string;
  ready: boolean;
}

/** wsrep state of a node, or null when it does not answer. */
export async function nodeStatus(node: GaleraNode): Promise<NodeStatus | null> {
  let conn: mysql.Connection | undefined;
  try {
    conn = await mysql.createConnection({ host: '127.0.0.1', port: node.port, user: 'root', connectTimeout: 2000 });
    const [rows] = await conn.query(
      "SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_cluster_size', 'wsrep_local_state_comment', 'wsrep_ready')",
    );
    const status = Object.fromEntries(
      (rows as { Variable_name: string; Value: string }[]).map((r) => [r.Variable_name, r.Value]),
    );
    return {
      clusterSize: Number(status.wsrep_cluster_size ?? 0),
      state: status.wsrep_local_state_comment ?? '',
      ready: status.wsrep_ready === 'ON',
    };
  } catch {
    return null;
  } finally {
    await conn?.end().catch(() => {});
  }
}

/** A fresh datadir (first start only): the system tables, owned by the mysql user. */
async function initialise(node: GaleraNode) {
  fs.mkdirSync(node.dir, { recursive: true });
  fs.chmodSync(CLUSTER_DIR, 0o755);
  if (fs.existsSync(path.join(node.datadir, 'mysql'))) return;
  fs.mkdirSync(node.datadir, { recursive: true });
  fs.chownSync(node.dir, ...mysqlOwner());
  fs.chownSync(node.datadir, ...mysqlOwner());
  // No defaults file: the bootstrap run of install-db must not try to join the cluster.
  await promisify(execFile)(INSTALL_DB, [
    '--no-defaults',
    `--datadir=${node.datadir}`,
    '--user=mysql',
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
  ]);
}

function mysqlOwner(): [number, number] {
  const passwd = fs.readFileSync('/etc/passwd', 'utf8').match(/^mysql:[^:]*:(\d+):(\d+):/m);
  if (!passwd) throw new Error('The mysql user is missing (install mariadb-server)');
  return [Number(passwd[1]), Number(passwd[2])];
}

/**
 * The last write set a node committed before it was killed. A crash leaves `seqno: -1` in
 * grastate.dat, and a node that does not know its position asks for a full copy (SST); recovered
 * from InnoDB (`--wsrep-recover`, as the packaged galera_recovery does) it asks only for the write
 * sets it missed (IST). Null when the node stopped cleanly or never ran.
 */
async function recoveredPosition(node: GaleraNode, cnf: string): Promise<string | null> {
  const grastate = path.join(node.datadir, 'grastate.dat');
  if (!fs.existsSync(grastate) || !/seqno:\s*-1/.test(fs.readFileSync(grastate, 'utf8'))) return null;
  const logFile = path.join(node.dir, 'recover.log');
  fs.rmSync(logFile, { force: true });
  await promisify(execFile)(MARIADBD, [`--defaults-file=${cnf}`, '--wsrep-recover', `--log-error=${logFile}`]);
  return fs.readFileSync(logFile, 'utf8').match(/Recovered position: (\S+:-?\d+)/)?.[1] ?? null;
}

/**
 * Starts a node's mariadbd in the background (it outlives this process) and waits until it is Synced.
 * `bootstrap` starts a new cluster from this node's data.
 */
export async function startNode(node: GaleraNode, { bootstrap = false, timeoutMs = 180_000 } = {}) {
  if (!runningPid(node)) {
    await initialise(node);
    const cnf = configFile(node);
    if (bootstrap) {
      // Forced: a cluster killed whole leaves no node marked safe, and this is the node we choose.
      const grastate = path.join(node.datadir, 'grastate.dat');
      if (fs.existsSync(grastate)) {
        fs.writeFileSync(
          grastate,
          fs.readFileSync(grastate, 'utf8').replace(/safe_to_bootstrap:\s*0/, 'safe_to_bootstrap: 1'),
        );
      }
    }
    const position = await recoveredPosition(node, cnf);
    const args = [
      `--defaults-file=${cnf}`,
      ...(bootstrap ? ['--wsrep-new-cluster'] : []),
      ...(position ? [`--wsrep-start-position=${position}`] : []),
    ];
    const child = spawn(MARIADBD, args, { detached: true, stdio: 'ignore' });
    child.unref();
    // Known as running from now on: mariadbd writes its pid file only once a state transfer is done.
    const pidFile = path.join(node.dir, 'mariadbd.pid');
    fs.writeFileSync(pidFile, `${child.pid}\n`);
    fs.chownSync(pidFile, ...mysqlOwner());
    log(
      `node${node.index} starting on port ${node.port}${bootstrap ? ' (new cluster)' : ''}${position ? ` from ${position}` : ''}`,
    );
  }
  const started = Date.now();
  for (;;) {
    const status = await nodeStatus(node);
    if (status?.ready && status.state === 'Synced') return status;
    if (!runningPid(node) && Date.now() - started > 5000) {
      throw new Error(`node${node.index} stopped while starting: see ${path.join(node.dir, 'error.log')}`);
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(`node${node.index} not Synced after ${timeoutMs} ms (${status?.state ?? 'not answering'})`);
    }
    await sleep(250);
  }
}

/** Ends a node: SIGTERM (a clean leave) or SIGKILL (a crash); waits until the process is gone. */
export async function stopNode(node: GaleraNode, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM', timeoutMs = 60_000) {
  const pid = runningPid(node);
  if (!pid) return;
  process.kill(pid, signal);
  const started = Date.now();
  while (fs.existsSync(`/proc/${pid}`)) {
    if (Date.now() - started > timeoutMs) throw new Error(`node${node.index} (pid ${pid}) did not stop`);
    await sleep(100);
  }
}

/** Waits until the first `count` nodes (all three by default) answer Synced in a cluster of that size. */
export async function waitForCluster(timeoutMs = 180_000, count = NODES.length) {
  const started = Date.now();
  for (;;) {
    const statuses = await Promise.all(NODES.slice(0, count).map(nodeStatus));
    if (statuses.every((s) => s?.ready && s.state === 'Synced' && s.clusterSize === count)) return statuses;
    if (Date.now() - started > timeoutMs) throw new Error(`cluster not formed: ${JSON.stringify(statuses)}`);
    await sleep(250);
  }
}

/**
 * Starts whatever nodes are down (bootstrapping from node 1 when none is up) and waits for all three,
 * Synced. `count` starts only the first nodes: a bulk load into node 1 alone, then the others join
 * by one state transfer each, copies the data faster than three nodes applying every write set.
 */
export async function startCluster(count = NODES.length) {
  const started = Date.now();
  const up = await Promise.all(NODES.map(nodeStatus));
  const anyUp = up.some((s) => s?.ready) || NODES.some((n) => runningPid(n));
  for (const [i, node] of NODES.slice(0, count).entries()) {
    // One at a time: two joiners at once would both ask for a full state transfer.
    if (!up[i]?.ready || up[i]?.state !== 'Synced') await startNode(node, { bootstrap: !anyUp && i === 0 });
  }
  await waitForCluster(180_000, count);
  log(`${count} node(s) Synced (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** Stops every node cleanly, the first last. */
export async function stopCluster() {
  for (const node of [...NODES].reverse()) await stopNode(node);
  log('stopped');
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const [command, nodes = String(NODES.length)] = process.argv.slice(2);
  const count = Number(nodes);
  const run = command === 'start' ? () => startCluster(count) : command === 'stop' ? stopCluster : null;
  if (!run || !Number.isInteger(count) || count < 1 || count > NODES.length) {
    console.error(`usage: cluster.ts start [nodes: 1-${NODES.length}] | stop`);
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
