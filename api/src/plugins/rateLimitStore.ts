import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/** The store contract of @fastify/rate-limit as it calls it (its typings leave out the window and the max). */
interface CountStore {
  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void;
  child(routeOptions: object): CountStore;
}

interface StoreParams {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
}

type RedisStoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => CountStore;
type LocalStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean) => CountStore;

// The plugin's own stores (no typings of their own): the same counting in Redis and in this process.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as RedisStoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as LocalStoreCtor;

/** Counts in `shared` while `available()`, else (and on any error of it) in `local`, route by route. */
function withFallback(shared: CountStore, local: CountStore, available: () => boolean): CountStore {
  return {
    incr(key, callback, timeWindow, max) {
      if (!available()) return local.incr(key, callback, timeWindow, max);
      shared.incr(
        key,
        (error, result) => (error ? local.incr(key, callback, timeWindow, max) : callback(null, result)),
        timeWindow,
        max,
      );
    },
    child: (routeOptions) => withFallback(shared.child(routeOptions), local.child(routeOptions), available),
  };
}

/**
 * The rate-limit store of several API processes: counts in Redis, shared by all of them; while Redis
 * is away, each process counts in its own memory under the same limits. A request is never let
 * through uncounted, and never fails because Redis does: a client gets at most (processes x max) per
 * window during an outage, instead of max.
 */
export function redisStoreWithFallback(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  // @fastify/rate-limit calls `new store(params)`; a constructor may answer another object.
  function Store(params: StoreParams) {
    return withFallback(
      new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace),
      new LocalStore(params.continueExceeding, params.exponentialBackoff),
      () => redis.status === 'ready',
    );
  }
  return Store as unknown as FastifyRateLimitStoreCtor;
}
