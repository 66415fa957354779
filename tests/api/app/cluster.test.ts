import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../seeds/index.js';
import { TEST_JWT_SECRET } from '../../helpers/app.js';
import { MEMBER_CACHE_DEFAULT_MS } from '../../../api/src/config.js';
import { REDIS_URL } from '../../setup/redis.js';
import { startServerProcess, type ServerProcess } from '../../helpers/serverProcess.js';

/**
 * `npm start`'s entry (api/src/cluster.ts): several API processes on one port, sharing their state
 * through Redis. A session ended in one process must end in all of them at once, although each keeps a
 * short-lived member cache.
 */
describe.runIf(inject('redisAvailable'))('API processes under node:cluster', () => {
  let server: ServerProcess;
  let dataDir: string;
  /** One request on a connection of its own, so that the primary hands them to the workers in turn. */
  const api = (url: string, token?: string, body?: unknown) =>
    new Promise<{ status: number; json: () => Record<string, string> }>((resolve, reject) => {
      const request = http.request(`${server.url}${url}`, {
        method: body === undefined ? 'GET' : 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      });
      request.once('error', reject).once('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.once('end', () => resolve({ status: response.statusCode!, json: () => JSON.parse(text) }));
      });
      request.end(body === undefined ? undefined : JSON.stringify(body));
    });
  const workerPids = () =>
    execFileSync('pgrep', ['-P', String(server.child.pid), '-f', 'server.ts'])
      .toString()
      .trim()
      .split('\n')
      .map(Number);

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tdac-cluster-'));
    server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL,
        WEB_CONCURRENCY: '2',
        NODE_ENV: 'test',
        JWT_SECRET: TEST_JWT_SECRET,
      },
      { entry: 'api/src/cluster.ts' },
    );
    // The banner comes from the first worker; wait until both are there.
    for (let i = 0; i < 600 && workerPids().length < 2; i++) await new Promise((r) => setTimeout(r, 100));
  }, 120_000);
  afterAll(async () => {
    await server?.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs WEB_CONCURRENCY workers on one port and ends a changed session in every one', async () => {
    expect(workerPids()).toHaveLength(2);
    const login = (
      await api('/api/admin/admin-login', undefined, { email: 'team@demo.test', password: DEMO_PASSWORD })
    ).json();
    expect(login.token).toBeTruthy();
    // Both workers have the session cached (connections are spread over them).
    for (let i = 0; i < 8; i++) expect((await api('/api/admin/get-folder-count', login.token)).status).toBe(200);
    const change = await api('/api/admin/change-password', login.token, {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'another-pass-1',
    });
    expect(change.status).toBe(200);
    // The worker that changed it refuses at once; the other as soon as Redis brings it the clear, and at the
    // latest when its cache entry ends (MEMBER_CACHE_MS, by default): wait for that state, then every answer is 401.
    const refusedEverywhere = async () =>
      (await Promise.all(Array.from({ length: 8 }, () => api('/api/admin/get-folder-count', login.token)))).every(
        (r) => r.status === 401,
      );
    const deadline = Date.now() + MEMBER_CACHE_DEFAULT_MS + 1_000;
    while (!(await refusedEverywhere()) && Date.now() < deadline);
    const after = await Promise.all(Array.from({ length: 8 }, () => api('/api/admin/get-folder-count', login.token)));
    expect(after.map((r) => r.status)).toEqual(Array(8).fill(401));
  });

  it('closes every worker on SIGTERM', async () => {
    const workers = workerPids();
    await server.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    for (const pid of workers) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
  });
});

describe('API processes without Redis', () => {
  let dataDir: string;
  beforeAll(() => void (dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tdac-cluster-'))));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET };

  it('runs one process by default, as live events and tickets could not cross processes', async () => {
    const server = await startServerProcess(
      { ...env, DATA_DIR: dataDir, WEB_CONCURRENCY: '' },
      { entry: 'api/src/cluster.ts' },
    );
    try {
      await new Promise((r) => setTimeout(r, 1000));
      const workers = execFileSync('pgrep', ['-P', String(server.child.pid), '-f', 'server.ts'])
        .toString()
        .trim();
      expect(workers.split('\n')).toHaveLength(1);
    } finally {
      await server.kill('SIGTERM');
    }
  });

  it('refuses more than one process, and says why', async () => {
    await expect(
      startServerProcess(
        { ...env, DATA_DIR: dataDir, WEB_CONCURRENCY: '2' },
        { entry: 'api/src/cluster.ts', timeoutMs: 60_000 },
      ),
    ).rejects.toThrow(/WEB_CONCURRENCY=2 needs REDIS_URL/);
  });
});
