import type { Redis } from 'ioredis';
import { tooManyAttempts } from '../../http.js';

/** One limit on failed attempts: at most `max` failures per key in a fixed window. */
export interface FailureLimit {
  key: string;
  max: number;
}

/**
 * Failed-attempt counters in fixed windows. Only failures are counted, so members signing in
 * correctly never lock themselves out. In Redis when the app has it (shared by every API process),
 * else in this process.
 */
export interface FailureCounter {
  /** Throws 429 when any of the limits is used up. */
  check(limits: FailureLimit[]): Promise<void>;
  /** Counts one failure under each key. */
  fail(limits: FailureLimit[]): Promise<void>;
}

function memoryCounter(windowMs: number): FailureCounter {
  const counts = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string, now: number) => {
    const entry = counts.get(key);
    return entry && entry.resetAt > now ? entry : undefined;
  };
  return {
    async check(limits) {
      const now = Date.now();
      for (const { key, max } of limits) {
        const entry = current(key, now);
        if (entry && entry.count >= max) throw tooManyAttempts(entry.resetAt - now);
      }
    },
    async fail(limits) {
      const now = Date.now();
      // Expired windows are dropped now and then, so sprayed keys cannot grow the map for ever.
      if (counts.size > 10_000) for (const [key, entry] of counts) if (entry.resetAt <= now) counts.delete(key);
      for (const { key } of limits) {
        const entry = current(key, now);
        if (entry) entry.count += 1;
        else counts.set(key, { count: 1, resetAt: now + windowMs });
      }
    },
  };
}

function redisCounter(redis: Redis, windowMs: number, prefix: string): FailureCounter {
  return {
    async check(limits) {
      const pipeline = redis.pipeline();
      for (const { key } of limits) pipeline.get(prefix + key).pttl(prefix + key);
      const results = (await pipeline.exec()) ?? [];
      limits.forEach(({ max }, i) => {
        const count = Number(results[2 * i]?.[1] ?? 0);
        const ttl = Number(results[2 * i + 1]?.[1] ?? -1);
        if (count >= max) throw tooManyAttempts(ttl > 0 ? ttl : windowMs);
      });
    },
    async fail(limits) {
      const pipeline = redis.multi();
      // The first failure opens the window (SET NX with its expiry); later ones only count.
      for (const { key } of limits) pipeline.set(prefix + key, 0, 'PX', windowMs, 'NX').incr(prefix + key);
      await pipeline.exec();
    },
  };
}

export const createFailureCounter = (redis: Redis | null, windowMs: number, prefix: string) =>
  redis ? redisCounter(redis, windowMs, prefix) : memoryCounter(windowMs);
