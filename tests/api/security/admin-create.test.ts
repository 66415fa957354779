import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/src/app.js';
import { loadConfig } from '../../../api/src/config.js';
import { TEST_JWT_SECRET } from '../../helpers/app.js';

const PASSWORD = 'correct horse battery staple';
const SCRIPT = 'scripts/admin-create.ts';

/**
 * The first Admin of a production database (no demo data): `npm run admin:create -- EMAIL` with the
 * password piped on standard input, as a deployment script runs it, then a sign-in with it.
 */
describe('npm run admin:create', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-create-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const create = (email: string, input: string, viaNpm = false) =>
    spawnSync(
      viaNpm ? 'npm' : 'node',
      [...(viaNpm ? ['run', '-s', 'admin:create', '--'] : ['--import', 'tsx', SCRIPT]), email],
      {
        input,
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false', NODE_ENV: 'development' },
      },
    );

  it('creates an Admin who signs in, and refuses a short password or an email already taken', async () => {
    const created = create('First.Admin@Example.test', `${PASSWORD}\n`, true);
    expect(created.stderr).toBe('');
    expect(created.stdout.trim()).toBe('Admin first.admin@example.test created.');
    expect(created.status).toBe(0);

    const short = create('second@example.test', 'short\n');
    expect(short.status).toBe(1);
    expect(short.stderr).toMatch(/at least 12 characters/);
    const again = create('first.admin@example.test', `${PASSWORD}\n`);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already a member/);

    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test' }, { dataDir, jwtSecret: TEST_JWT_SECRET, mailWorker: false }),
    });
    try {
      const signIn = (password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/admin-login',
          payload: { email: 'first.admin@example.test', password },
        });
      const res = await signIn(PASSWORD);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 1, data: { type: 'Admin' } });
      expect((await signIn('short')).statusCode).toBe(401);
      // Nothing else is in the database: no demo member, no second Admin.
      const members = await app.db('team_members').select('email', 'type');
      expect(members).toEqual([{ email: 'first.admin@example.test', type: 'Admin' }]);
    } finally {
      await app.close();
    }
  });
});
