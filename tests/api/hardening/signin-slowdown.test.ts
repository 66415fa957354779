import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_ACCOUNT_FACTOR, LOGIN_IP_FACTOR } from '../../../api/src/modules/auth/failureLimits.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

/**
 * Wrong passwords never lock an account for everyone (anyone could then lock admin@ out): the guesser is
 * slowed down
 * (a wait per account and address, and per address, that doubles with each failure, told in
 * Retry-After) and the owner signs in from an address that has not failed. In production mode, in
 * memory and in Redis.
 */

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const stores = [
  ['in memory', {}],
  ['in Redis', { redisUrl: REDIS_URL }],
] as const;
/** A fresh address per use, so runs against the same Redis share nothing. */
const address = () => `10.${crypto.randomInt(100, 255)}.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;

describe.each(dialects().flatMap((dialect) => stores.map(([name, config]) => [dialect, name, config] as const)))(
  'sign-in slowdown on %s, %s',
  (dialect, _store, storeConfig) => {
    let t: TestApp;
    /** The same with two free failures, to reach the limits in fewer (slow, hashed) attempts. */
    let quick: TestApp;
    const signInTo = (app: TestApp, email: string, password: string, ip: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/admin/admin-login',
        payload: { email, password },
        remoteAddress: ip,
      });
    const signIn = (email: string, password: string, ip: string) => signInTo(t, email, password, ip);
    const quickSignIn = (email: string, password: string, ip: string) => signInTo(quick, email, password, ip);
    beforeAll(async () => {
      t = await createTestApp(dialect, { config: { nodeEnv: 'production', loginRateMax: 10, ...storeConfig } });
      quick = await createTestApp(dialect, { config: { nodeEnv: 'production', loginRateMax: 2, ...storeConfig } });
    });
    afterAll(async () => {
      await t?.close();
      await quick?.close();
    });

    it('ten wrong passwords from one address slow that address, not the owner elsewhere', async () => {
      const guesser = address();
      for (let i = 0; i < 10; i++)
        expect((await signIn('admin@demo.test', `guess-${i}`, guesser)).statusCode).toBe(401);
      const refused = await signIn('admin@demo.test', 'guess-10', guesser);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused.json().message).toMatch(/wait \d+ second/);
      // The right password from the guesser's address waits too: it proves nothing about who is there.
      expect((await signIn('admin@demo.test', 'demo1234', guesser)).statusCode).toBe(429);
      // The owner, from an address without failures.
      const owner = await signIn('admin@demo.test', 'demo1234', address());
      expect(owner.statusCode).toBe(200);
      expect(owner.json().token).toBeTruthy();
    });

    it('makes each further wait longer while the guesser keeps guessing', async () => {
      const guesser = address();
      for (let i = 0; i < 2; i++) await quickSignIn('manager@demo.test', `guess-${i}`, guesser);
      const waits: number[] = [];
      for (let round = 0; round < 3; round++) {
        const refused = await quickSignIn('manager@demo.test', 'guess-again', guesser);
        expect(refused.statusCode).toBe(429);
        waits.push(Number(refused.headers['retry-after']));
        if (round === 2) break;
        // Guessing on as soon as the address may: the wait is over when a guess is answered 401 again.
        await vi.waitFor(
          async () => expect((await quickSignIn('manager@demo.test', 'guess-again', guesser)).statusCode).toBe(401),
          { timeout: 15_000, interval: 100 },
        );
      }
      expect(waits).toEqual([1, 2, 4]);
    });

    it('slows an address guessing many accounts, whatever the account, and no other address', async () => {
      const guesser = address();
      const codes = [];
      for (let i = 0; i <= 2 * LOGIN_IP_FACTOR; i++)
        codes.push((await quickSignIn(`nobody-${i}@demo.test`, 'guess', guesser)).statusCode);
      expect(codes.slice(0, 2 * LOGIN_IP_FACTOR).every((code) => code === 401)).toBe(true);
      expect(codes.at(-1)).toBe(429);
      expect((await quickSignIn('team@demo.test', 'demo1234', guesser)).statusCode).toBe(429);
      expect((await quickSignIn('team@demo.test', 'demo1234', address())).statusCode).toBe(200);
    });

    it('gives a guesser rotating addresses one try per address once an account has many failures', async () => {
      const email = 'telecaller@demo.test';
      for (let i = 0; i < 2 * LOGIN_ACCOUNT_FACTOR; i++)
        expect((await quickSignIn(email, 'guess', address())).statusCode).toBe(401);
      const next = address();
      expect((await quickSignIn(email, 'guess', next)).statusCode).toBe(401);
      expect((await quickSignIn(email, 'guess', next)).statusCode).toBe(429);
      // The owner, from an address that has not failed, still signs in.
      expect((await quickSignIn(email, 'demo1234', address())).statusCode).toBe(200);
    });
  },
);
