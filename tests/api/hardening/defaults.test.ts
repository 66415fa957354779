import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/src/config.js';
import { createTestDb } from '../../helpers/db.js';
import { startServerProcess } from '../../helpers/serverProcess.js';

/** Production needs the documents' key too (64 hex digits). */
const DATA_KEY = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

/**
 * A plain start listens on 127.0.0.1 only; NODE_ENV=production refuses to start
 * without a JWT_SECRET of 32+ characters or while a demo account exists, and says why.
 */

const SECRET = 'production-secret-production-secret-0123';
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tdac-defaults-'));
  dirs.push(dir);
  return dir;
};

/** Runs the server to its end (it should refuse to start) and answers its exit code and output. */
function runServer(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
      env: { ...process.env, PORT: '0', MAIL_WORKER: 'false', DATABASE_URL: '', HOST: '', ...env },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const externalAddress = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

const canConnect = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('safe defaults', () => {
  it('listens on 127.0.0.1 unless HOST is set or in production', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: dataDir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', DATA_KEY, JWT_SECRET: SECRET }).host).toBe(
      '0.0.0.0',
    );
  });

  it('refuses production without a JWT_SECRET of 32 characters, saying why', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', DATA_KEY, JWT_SECRET: 'short' })).toThrow(
      /at least 32 characters/,
    );
    // No secret file was generated in its place.
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('refuses production without a DATA_KEY of 32 bytes, and generates none', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: SECRET })).toThrow(
      /NODE_ENV=production needs DATA_KEY/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: SECRET, DATA_KEY: 'abc' }),
    ).toThrow(/DATA_KEY must be 32 bytes/);
    expect(fs.existsSync(path.join(dataDir, 'data-key'))).toBe(false);
    // Outside production one is generated once into the data folder, and read again after.
    const generated = loadConfig({ DATA_DIR: dataDir }).dataKey;
    expect(generated).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dataDir }).dataKey.equals(generated)).toBe(true);
  });

  it('a plain start is reachable on loopback only', async () => {
    const server = await startServerProcess({ DATA_DIR: tempDir(), DATABASE_URL: '', HOST: '', MAIL_WORKER: 'false' });
    try {
      const port = Number(new URL(server.url).port);
      expect(await canConnect('127.0.0.1', port)).toBe(true);
      const external = externalAddress();
      if (external) expect(await canConnect(external, port)).toBe(false);
      else expect(server.child.pid).toBeGreaterThan(0);
    } finally {
      await server.kill();
    }
  });

  it('refuses to start in production while a demo account exists, and says why', async () => {
    const seeded = await createTestDb('sqlite');
    await seeded.db.destroy();
    dirs.push(seeded.dataDir);
    const run = await runServer({ NODE_ENV: 'production', DATA_KEY, JWT_SECRET: SECRET, DATA_DIR: seeded.dataDir });
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/Refusing to start with NODE_ENV=production: the demo account\(s\) admin@demo\.test/);

    const noSecret = await runServer({ NODE_ENV: 'production', DATA_KEY, JWT_SECRET: '', DATA_DIR: tempDir() });
    expect(noSecret.code).toBe(1);
    expect(noSecret.output).toMatch(/JWT_SECRET/);
  });

  it('starts in production on an empty database, seeding nothing and keeping the API docs closed', async () => {
    const dataDir = tempDir();
    const server = await startServerProcess({
      NODE_ENV: 'production',
      DATA_KEY,
      JWT_SECRET: SECRET,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MAIL_WORKER: 'false',
    });
    try {
      expect((await fetch(`${server.url}/api/docs`)).status).toBe(401);
      const login = await fetch(`${server.url}/api/admin/admin-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.test', password: 'demo1234' }),
      });
      expect(login.status).toBe(401);
    } finally {
      await server.kill();
    }
  });
});
