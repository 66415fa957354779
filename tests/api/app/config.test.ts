import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/src/config.js';
import { TEST_JWT_SECRET } from '../../helpers/app.js';

// A folder of its own: a shared one such as /tmp is refused as the data folder.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-'));
const load = (env: Record<string, string>) => loadConfig(env, { dataDir, jwtSecret: TEST_JWT_SECRET });

/** api/src/config.ts: the environment read through one schema (env-schema), README's defaults filled in. */
describe('loadConfig', () => {
  it('fills in the defaults and reads an empty variable as unset', () => {
    const config = load({ PORT: '', HOST: '', MAIL_WORKER: '' });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      host: '127.0.0.1',
      port: 3000,
      mailWorker: true,
      seedDemo: true,
      uploadMaxMb: 10,
      rateWindowMs: 900_000,
      connectionsPerAddress: 100,
      webConcurrency: 1,
      corsOrigins: [],
      publicAdminUrl: 'http://localhost:3000',
    });
  });

  it('reads numbers, switches, lists and the proxy setting', () => {
    const config = load({
      PORT: '8080',
      MAIL_WORKER: 'false',
      SEED_DEMO: '1',
      CORS_ORIGINS: ' https://a.example, https://b.example,',
      TRUST_PROXY: 'loopback',
      REDIS_URL: 'redis://127.0.0.1:6379',
      WEB_CONCURRENCY: '3',
    });
    expect(config).toMatchObject({
      port: 8080,
      mailWorker: false,
      seedDemo: true,
      corsOrigins: ['https://a.example', 'https://b.example'],
      trustProxy: 'loopback',
      connectionsPerAddress: 0,
      webConcurrency: 3,
    });
    expect(load({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(load({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be integer'],
    [{ UPLOAD_MAX_MB: '0' }, 'UPLOAD_MAX_MB must be >= 1'],
    [{ RATE_WINDOW_MS: '1.5' }, 'RATE_WINDOW_MS must be integer'],
    [{ MAIL_WORKER: 'maybe' }, 'MAIL_WORKER must be one of 1, true, yes, on, 0, false, no, off'],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV must be one of development, production, test'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ DATABASE_URL: 'postgres://db/app' }, 'DATABASE_URL must match pattern'],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, 'REDIS_URL must match pattern'],
    [{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY must be >= 1'],
  ])('refuses %o at start, naming the variable', (env, message) => {
    expect(() => load(env)).toThrow(message);
  });

  it('names every broken variable at once', () => {
    expect(() => load({ PORT: 'x', MAX_CONNECTIONS: '0' })).toThrow(
      'PORT must be integer; MAX_CONNECTIONS must be >= 1',
    );
  });
});
