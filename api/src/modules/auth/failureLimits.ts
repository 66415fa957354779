import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from 'rate-limiter-flexible';
import { HttpError } from '../../http.js';

/** Failures per address (whatever the account) may reach this many times the per-account-and-address allowance: an office shares one address. */
export const LOGIN_IP_FACTOR = 5;
/**
 * Failures on one account from every address together past this many times the allowance: from then
 * on, an address that has failed for this account waits after each further failure (no free ones), so
 * a guesser rotating addresses gets one try per address between waits. A clean address still signs in.
 */
export const LOGIN_ACCOUNT_FACTOR = 20;
/** How long failures are remembered from the first one (then the count starts again). */
export const FAILURE_MEMORY_SECONDS = 24 * 60 * 60;

export interface SignInThrottleOptions {
  /** Failures per account and address answered without a wait (LOGIN_RATE_MAX); each one after waits longer. */
  freeFailures: number;
  /** The first wait (LOGIN_DELAY_BASE_MS); it doubles with each further failure. */
  baseDelayMs: number;
  /** The longest wait (RATE_WINDOW_MS). */
  maxDelayMs: number;
}

/** The caller must wait before trying again: 429 with Retry-After (seconds). */
export class WaitBeforeRetrying extends HttpError {
  constructor(public readonly retryAfterSeconds: number) {
    super(429, `Too many attempts. Please wait ${retryAfterSeconds} second(s) and try again.`);
  }
}

/**
 * Slows down a password guesser instead of locking the account: failures are
 * counted per account and address and per address, and past a free allowance each failure makes
 * that key wait longer (doubling up to the longest wait) before it may try again. Nothing blocks an
 * account as such, so its owner signs in from an address that has not failed, whoever guesses
 * elsewhere. Counts and waits live in Redis when the app has it (shared by every API process), else
 * in this process, through rate-limiter-flexible.
 */
export interface SignInThrottle {
  /** Runs a password check, refusing first while a wait is on; a wrong password (401 or 400) counts as a failure. */
  attempt<T>(email: string, address: string, check: () => Promise<T>): Promise<T>;
}

export function createSignInThrottle(
  redis: Redis | null,
  keyPrefix: string,
  options: SignInThrottleOptions,
): SignInThrottle {
  const limiter = (name: string, points: number, duration: number): RateLimiterAbstract => {
    const inProcess = new RateLimiterMemory({ keyPrefix: name, points, duration });
    // While Redis is away each process counts on its own (the insurance), without waiting for Redis.
    return redis
      ? new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${keyPrefix}${name}`,
          points,
          duration,
          insuranceLimiter: inProcess,
          rejectIfRedisNotReady: true,
        })
      : inProcess;
  };
  // Counts only: `penalty` adds without refusing, so points is no limit here.
  const failures = limiter('signin-failures', Number.MAX_SAFE_INTEGER, FAILURE_MEMORY_SECONDS);
  // A key blocked by `block` holds more than its one point until its wait is over.
  const waits = limiter('signin-waits', 1, FAILURE_MEMORY_SECONDS);
  const waitFor = (failureCount: number, free: number) =>
    Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (failureCount - free));

  const keysOf = (email: string, address: string) => ({
    pair: `pair|${email}|${address}`,
    address: `ip|${address}`,
    account: `account|${email}`,
  });

  async function refuseWhileWaiting(keys: ReturnType<typeof keysOf>) {
    const blocked = (await Promise.all([waits.get(keys.pair), waits.get(keys.address)])).filter(
      (res): res is RateLimiterRes => !!res && res.consumedPoints > 1 && res.msBeforeNext > 0,
    );
    if (blocked.length)
      throw new WaitBeforeRetrying(Math.ceil(Math.max(...blocked.map((res) => res.msBeforeNext)) / 1000));
  }

  async function countFailure(keys: ReturnType<typeof keysOf>) {
    const [pair, address, account] = await Promise.all([
      failures.penalty(keys.pair),
      failures.penalty(keys.address),
      failures.penalty(keys.account),
    ]);
    const pairFree = account.consumedPoints > options.freeFailures * LOGIN_ACCOUNT_FACTOR ? 1 : options.freeFailures;
    const addressFree = options.freeFailures * LOGIN_IP_FACTOR;
    const blocks: Promise<unknown>[] = [];
    if (pair.consumedPoints >= pairFree)
      blocks.push(waits.block(keys.pair, waitFor(pair.consumedPoints, pairFree) / 1000));
    if (address.consumedPoints >= addressFree)
      blocks.push(waits.block(keys.address, waitFor(address.consumedPoints, addressFree) / 1000));
    await Promise.all(blocks);
  }

  return {
    async attempt(email, address, check) {
      const keys = keysOf(email, address);
      await refuseWhileWaiting(keys);
      try {
        const result = await check();
        // The right password from this address: its own failures are forgiven (the address's are not).
        await failures.delete(keys.pair);
        return result;
      } catch (error) {
        if (error instanceof HttpError && (error.statusCode === 401 || error.statusCode === 400))
          await countFailure(keys);
        throw error;
      }
    },
  };
}
