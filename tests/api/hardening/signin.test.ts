import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

/**
 * The sign-in limit counts failures only, per account and address and per IP, and
 * emails match exactly after lower-casing on both dialects (the per-account limit is a wait per account and
 * address: see signin-slowdown.test.ts). With REDIS_URL the counts are shared by every process.
 */

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const signIn = (t: TestApp, email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password }, remoteAddress: ip });

describe.each(dialects())('sign-in limits and email matching on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { loginRateMax: 3 } });
  });
  afterAll(() => t?.close());

  // Failures slow the account on the address that failed, not everywhere.
  it('slows failures per account and address, leaving the account open from other addresses', async () => {
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await signIn(t, 'manager@demo.test', 'wrong-one', '10.0.0.1')).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    // The right password waits too from that address, and so does another spelling of the email.
    const waiting = await signIn(t, 'manager@demo.test', 'demo1234', '10.0.0.1');
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(t, 'MANAGER@demo.test', 'wrong-one', '10.0.0.1')).statusCode).toBe(429);
    // The owner from an address without failures, and another account from the same address, sign in.
    expect((await signIn(t, 'manager@demo.test', 'demo1234', '10.0.0.7')).statusCode).toBe(200);
    expect((await signIn(t, 'team@demo.test', 'demo1234', '10.0.0.1')).statusCode).toBe(200);
  });

  it('counts failures only: many successful sign-ins lock nobody out', async () => {
    for (let i = 0; i < 12; i++)
      expect((await signIn(t, 'admin@demo.test', 'demo1234', '10.0.1.1')).statusCode).toBe(200);
  });

  it('limits failures per IP whatever the account', async () => {
    const codes = [];
    for (let i = 0; i < 16; i++)
      codes.push((await signIn(t, `nobody${i}@demo.test`, 'wrong-one', '10.0.2.1')).statusCode);
    expect(codes.slice(0, 15).every((c) => c === 401)).toBe(true);
    expect(codes[15]).toBe(429);
  });

  it('does not sign in an accented or otherwise different spelling of an email', async () => {
    for (const email of ['ádmin@demo.test', 'admin@démo.test', 'ADMİN@demo.test', 'admin@demo.tést']) {
      const res = await signIn(t, email, 'demo1234', '10.0.3.1');
      expect(res.statusCode, email).toBe(401);
    }
    expect((await signIn(t, 'Admin@Demo.TEST', 'demo1234', '10.0.3.2')).statusCode).toBe(200);
  });

  it('keeps emails unique after lower-casing and stores them lower-cased', async () => {
    const admin = await t.login('admin@demo.test');
    const add = (email: string) =>
      t.call(admin, {
        method: 'POST',
        url: '/api/admin/add-team-member',
        payload: { name: 'Case Test', email, password: 'secret-99', type: 'Team' },
      });
    expect((await add('Team@Demo.Test')).statusCode).toBe(409);
    const added = await add('Pim.Case@Demo.Test');
    expect(added.json().status).toBe(1);
    const stored = await t.db('team_members').where({ name: 'Case Test' }).first('email');
    expect(stored.email).toBe('pim.case@demo.test');
    expect((await signIn(t, 'PIM.case@demo.test', 'secret-99', '10.0.4.1')).statusCode).toBe(200);
  });
});

/**
 * A second process of the same deployment: Redis keys are namespaced by the database a deployment
 * names, so the second app names the first one's (its own test database serves the rest).
 */
const sameDeployment = (first: TestApp) => ({ databaseUrl: first.databaseUrl, dataDir: first.dataDir });

describe('sign-in limits in Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    a = await createTestApp('sqlite', { config: { loginRateMax: 4, redisUrl: REDIS_URL } });
    b = await createTestApp('sqlite', { config: { loginRateMax: 4, redisUrl: REDIS_URL, ...sameDeployment(a) } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.quit();
  });

  it('shares the failures and waits of an account and address between two app instances', async () => {
    const email = `shared-${crypto.randomBytes(4).toString('hex')}@demo.test`;
    const ip = `10.1.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await signIn(i % 2 ? b : a, email, 'wrong-one', ip)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
    const keys = await redis.keys(`*${email}*`);
    expect(keys.length).toBeGreaterThan(0);
  });

  it('shares the tracking limit between two app instances', async () => {
    const ip = `10.2.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;
    const a2 = await createTestApp('sqlite', { config: { trackRateMax: 3, redisUrl: REDIS_URL } });
    const b2 = await createTestApp('sqlite', {
      config: { trackRateMax: 3, redisUrl: REDIS_URL, ...sameDeployment(a2) },
    });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++) {
        const res = await (i % 2 ? b2 : a2).app.inject({
          method: 'POST',
          url: '/api/front/track-order',
          payload: { orderId: '1', email: 'nobody@example.test' },
          remoteAddress: ip,
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 3).every((c) => c !== 429)).toBe(true);
      expect(codes.slice(3)).toEqual([429, 429]);
    } finally {
      await a2.close();
      await b2.close();
    }
  });
});
