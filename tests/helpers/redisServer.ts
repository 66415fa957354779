import fs from 'node:fs';
import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';

/** Where Debian puts it; a test that needs its own Redis is skipped without it. */
export const REDIS_SERVER_BIN = '/usr/bin/redis-server';
export const redisServerInstalled = () => fs.existsSync(REDIS_SERVER_BIN);

export interface RedisServer {
  port: number;
  url: string;
  /** SIGKILL: the outage of a crashed Redis (connections reset at once, nothing kept: no persistence). */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty; resolves once it accepts connections. */
  start(): Promise<void>;
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A Redis of the test's own on loopback (`redis-server` as a child process, no persistence), so a test
 * can kill and restart it without touching the Redis other suites use.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  async function start() {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const proc = spawn(REDIS_SERVER_BIN, [...args, '--daemonize', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 20_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      };
      proc.stdout!.on('data', read);
      proc.stderr!.on('data', read);
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}): ${output}`));
      });
    });
  }

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      child?.kill('SIGKILL');
      await exited;
      child = null;
    },
    start,
  };
}
