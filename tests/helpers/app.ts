import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Registry } from '@app/domain';
import type { Dialect } from '../../api/src/db/knex.js';
import { buildApp } from '../../api/src/app.js';
import { loadConfig, type AppConfig } from '../../api/src/config.js';
import { DEMO_PASSWORD } from '../../seeds/index.js';
import { createTestDb, type TestDb } from './db.js';
import type { Clock } from '../../api/src/core/clock.js';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestApp extends TestDb {
  app: FastifyInstance;
  config: AppConfig;
  /** Signs in through the real endpoint and answers the token. */
  login(email: string, password?: string): Promise<string>;
  /** app.inject with the token in Authorization (no prefix, as the old system sends it). */
  call(token: string | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The real app on a fresh database of the given dialect, as server.ts builds it. */
export async function createTestApp(
  dialect: Dialect,
  {
    seed = true,
    config: overrides = {},
    registry,
    clock,
  }: { seed?: boolean; config?: Partial<AppConfig>; registry?: Registry; clock?: Clock } = {},
): Promise<TestApp> {
  const testDb = await createTestDb(dialect, { seed });
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      dataDir: testDb.dataDir,
      databaseUrl: testDb.databaseUrl,
      jwtSecret: TEST_JWT_SECRET,
      mailWorker: false,
      loginRateMax: 1000,
      loginAccountRateMax: 1000,
      trackRateMax: 1000,
      ...overrides,
    },
  );
  const app = await buildApp({ config, db: testDb.db, registry, clock });
  await app.ready();
  return {
    ...testDb,
    app,
    config,
    async login(email, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.body}`);
      return res.json().token as string;
    },
    call(token, options) {
      return app.inject({ ...options, headers: { ...(token ? { authorization: token } : {}), ...options.headers } });
    },
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}

/** Signs in each demo account: tokens and member ids keyed by the email's local part (admin, manager, ...). */
export async function signInDemoAccounts(t: TestApp) {
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  for (const role of ['admin', 'manager', 'team', 'telecaller', 'night'])
    tokens[role] = await t.login(`${role}@demo.test`);
  for (const m of await t.db('team_members').select('id', 'email')) ids[m.email.split('@')[0]] = m.id;
  return { tokens, ids };
}

/**
 * Signs the demo accounts in again, into the same `tokens`: after a test moves the app's clock past the
 * sessions' idle end or lifetime, as staff sign in again the next day.
 */
export async function signInAgain(t: TestApp, tokens: Record<string, string>) {
  Object.assign(tokens, (await signInDemoAccounts(t)).tokens);
}
