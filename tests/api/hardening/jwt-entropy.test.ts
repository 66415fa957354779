import crypto from 'node:crypto';
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/src/config.js';
import { refuseUnsafeProduction, weakJwtSecretReason } from '../../../api/src/productionChecks.js';
import { createTestDb, type TestDb } from '../../helpers/db.js';

/** Production needs the documents' key too (64 hex digits). */
const DATA_KEY = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

/**
 * Production refuses a JWT_SECRET that does not look random (32 spaces, 32 × "a"), and says why.
 */

const WEAK = [
  ' '.repeat(32),
  'a'.repeat(32),
  'ab'.repeat(16),
  'password'.repeat(4),
  'abcdefgh'.repeat(4),
  '0123456789abcdef'.repeat(2),
  `${'a'.repeat(22)}0123456789`,
];
const STRONG = [
  'production-secret-production-secret-0123',
  crypto.randomBytes(48).toString('base64'),
  crypto.randomBytes(32).toString('hex'),
];

const testDbs: TestDb[] = [];
afterAll(async () => {
  for (const testDb of testDbs) await testDb.drop();
});

/** Runs the server to its end (it should refuse to start) and answers its exit code and output. */
function runServer(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
      env: { ...process.env, PORT: '0', MAIL_WORKER: 'false', DATABASE_URL: '', HOST: '', ...env },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('JWT_SECRET entropy in production', () => {
  it.each(WEAK.map((s) => [JSON.stringify(s), s]))('finds %s guessable', (_label, secret) => {
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(weakJwtSecretReason(secret)).not.toBeNull();
  });

  it('takes random secrets', () => {
    for (const secret of STRONG) expect(weakJwtSecretReason(secret), secret).toBeNull();
  });

  it('refuses a weak secret at production start, on an empty database, before anything else', async () => {
    const testDb = await createTestDb('sqlite', { seed: false });
    testDbs.push(testDb);
    for (const secret of [' '.repeat(32), 'a'.repeat(32)]) {
      const config = loadConfig({ NODE_ENV: 'production', DATA_KEY, JWT_SECRET: secret, DATA_DIR: testDb.dataDir });
      await expect(refuseUnsafeProduction(config, testDb.db)).rejects.toThrow(/JWT_SECRET looks guessable/);
    }
    const good = loadConfig({ NODE_ENV: 'production', DATA_KEY, JWT_SECRET: STRONG[1], DATA_DIR: testDb.dataDir });
    await expect(refuseUnsafeProduction(good, testDb.db)).resolves.toBeUndefined();
  });

  it('the server process exits saying why', async () => {
    const testDb = await createTestDb('sqlite', { seed: false });
    await testDb.db.destroy();
    testDbs.push({ ...testDb, drop: async () => fs.rmSync(testDb.dataDir, { recursive: true, force: true }) });
    const run = await runServer({
      NODE_ENV: 'production',
      DATA_KEY,
      JWT_SECRET: 'a'.repeat(32),
      DATA_DIR: testDb.dataDir,
    });
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/JWT_SECRET looks guessable, as it has 1 distinct characters/);
  });
});
