import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpError } from '../../http.js';
import { WaitBeforeRetrying } from './failureLimits.js';

/** The browser's device cookie: set when a member signs in, it gives that browser its own allowance for that account. */
export const DEVICE_COOKIE = 'tdac_device';
export const DEVICE_COOKIE_DAYS = 180;

/** Which account a device cookie was earned for, without the email itself in the cookie. */
export const accountTag = (email: string) => crypto.createHash('sha256').update(email).digest('base64url').slice(0, 16);

/** A new device cookie value for this account (signed by the cookie plugin before it is sent). */
export const newDeviceCookie = (email: string) =>
  `${accountTag(email)}.${crypto.randomBytes(16).toString('base64url')}`;

export interface DeviceThrottle {
  /**
   * Runs a credential check under the allowance of its device: the browser's own one when it shows a
   * device cookie earned on this account, else the one allowance every unknown device shares for this
   * account. A wrong credential (401 or 400) spends one; past the allowance, 429 until the window ends.
   */
  attempt<T>(email: string, deviceCookie: string | null, check: () => Promise<T>): Promise<T>;
}

/**
 * Slows online guessing with device cookies (OWASP): a guesser spread over many addresses shares the
 * unknown devices' allowance of the account and soon waits, while the owner's browser, known by its
 * cookie, keeps its own. Counts live in Redis when the app has it, so every process shares them.
 */
export function createDeviceThrottle(
  redis: Redis | null,
  keyPrefix: string,
  { failures, windowMs }: { failures: number; windowMs: number },
): DeviceThrottle {
  const duration = Math.ceil(windowMs / 1000);
  const inProcess = new RateLimiterMemory({ keyPrefix: 'signin-devices', points: failures, duration });
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${keyPrefix}signin-devices`,
        points: failures,
        duration,
        insuranceLimiter: inProcess,
        rejectIfRedisNotReady: true,
      })
    : inProcess;
  return {
    async attempt(email, deviceCookie, check) {
      const tag = accountTag(email);
      const key = deviceCookie?.startsWith(`${tag}.`) ? `device|${deviceCookie}` : `unknown|${tag}`;
      const spent = await limiter.get(key);
      if (spent && spent.consumedPoints >= failures)
        throw new WaitBeforeRetrying(Math.max(1, Math.ceil(spent.msBeforeNext / 1000)));
      try {
        return await check();
      } catch (error) {
        if (error instanceof HttpError && (error.statusCode === 401 || error.statusCode === 400))
          await limiter.penalty(key);
        throw error;
      }
    },
  };
}
