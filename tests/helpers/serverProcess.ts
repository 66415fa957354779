import fs from 'node:fs';
import path from 'node:path';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  /** http://127.0.0.1:{port} */
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** A memory figure of the process from /proc, in MB: VmRSS (now) or VmHWM (peak). */
  memoryMb(field?: 'VmRSS' | 'VmHWM'): number;
  /** CPU time (user + system) used so far by the process and its children (a cluster's workers), in µs. */
  cpuMicros(): number;
  /** What the process wrote to stderr (the last 20 KB), for failure messages. */
  errors(): string;
  /** Sends the signal and waits for the process to end. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in microseconds, from /proc; 0 once it is gone. */
export function cpuMicrosOf(pid: number): number {
  try {
    // The fields after the command name, which may hold spaces, start after its closing parenthesis.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * The real server (`node api/src/server.ts`, as `npm start` runs it after `scripts/db.ts prepare`) in
 * a child process, configured by environment variables on top of this process's own, on a free
 * loopback port. Resolves once the server prints the address it listens on.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  {
    inheritStderr = false,
    timeoutMs = 90_000,
    entry = 'api/src/server.ts',
    /** Options of node itself for the server (--cpu-prof, which NODE_OPTIONS does not take). */
    nodeArgs = [] as string[],
  } = {},
): Promise<ServerProcess> {
  const fullEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env };
  // As npm start does: the database migrated and, unless SEED_DEMO is off, seeded before the server starts.
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/db.ts', 'prepare'], {
    cwd: ROOT,
    env: fullEnv,
  });
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    cwd: ROOT,
    env: fullEnv,
    stdio: ['ignore', 'pipe', inheritStderr ? 'inherit' : 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      // Not left running (a cluster primary would go on forking workers with nobody reading them).
      child.kill('SIGTERM');
      reject(new Error(`The server did not start in ${timeoutMs} ms: ${stderr}`));
    }, timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      // The server prints the address it is bound to; the port is read from there.
      const port = seen.match(/http:\/\/localhost:(\d+)\/admin/)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before listening: ${stderr}`));
    });
  });
  // Keep reading stdout so that a chatty server never blocks on a full pipe.
  child.stdout!.resume();

  return {
    url,
    child,
    exited,
    memoryMb(field = 'VmRSS') {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0) / 1024;
    },
    cpuMicros() {
      const pid = child.pid!;
      const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
      return [pid, ...children.map(Number)].reduce((sum, id) => sum + cpuMicrosOf(id), 0);
    },
    errors: () => stderr,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
