import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { subscriberOf } from './redis.js';

declare module 'fastify' {
  interface FastifyInstance {
    memberCache: MemberCache;
  }
}

/**
 * A session check (its session row, member there with the token's version) is trusted for `memberCacheMs`
 * (MEMBER_CACHE_MS, 2 s) without asking the database again: every request makes it. A change by a team or
 * account route clears every process's cache at once; the time only bounds the staleness if that message is
 * lost. 0 asks the database on every request (how the bench measures what the cache buys).
 */
const CHANNEL = 'tdac:member-cache';

export interface MemberCache {
  /** The cached answer for this token id, else `load()`'s (kept only when it is a member). */
  get<T>(tokenId: string, load: () => Promise<T | undefined>): Promise<T | undefined>;
  /** Forgets every session here and tells the other processes to do the same (resolves once Redis has it). */
  clear(): Promise<void>;
}

/**
 * The member cache, and the hook that clears it after any successful change by a team or account
 * route (password, role, deletion, sign-out). Other processes hear of it through Redis pub/sub (several
 * processes run only with REDIS_URL).
 */
export default fp(async (app) => {
  // A clear aborts the loads under way: `ignoreFetchAbort` hands their answers to those waiting without
  // keeping them (they may predate the change). Concurrent checks of one token share one load.
  const members = new LRUCache<string, { member: unknown }, () => Promise<unknown>>({
    // Least recently used sessions go first, so a stream of one-off tokens cannot hold memory.
    max: 10_000,
    ttl: Math.max(1, app.config.memberCacheMs),
    ignoreFetchAbort: true,
    fetchMethod: async (_tokenId, _stale, { context: load }) => {
      const member = await load();
      return member === undefined ? undefined : { member };
    },
  });
  let subscriber: Redis | undefined;
  if (app.redis) {
    subscriber = subscriberOf(app.redis);
    await subscriber.subscribe(CHANNEL);
    subscriber.on('message', () => members.clear());
    app.addHook('onClose', async () => void (await subscriber!.quit().catch(() => subscriber!.disconnect())));
  }
  const cache: MemberCache = {
    async get<T>(tokenId: string, load: () => Promise<T | undefined>) {
      if (!app.config.memberCacheMs) return load();
      return (await members.fetch(tokenId, { context: load }))?.member as T | undefined;
    },
    async clear() {
      members.clear();
      if (app.redis) await app.redis.publish(CHANNEL, '1').catch(() => {});
    },
  };
  app.decorate('memberCache', cache);
  // Before the answer leaves, so the member's next request already sees the change.
  app.addHook('onSend', async (request, reply) => {
    const permission = String(request.routeOptions.config?.permission ?? '');
    if (request.method !== 'GET' && reply.statusCode < 400 && /^(team|account)\./.test(permission)) await cache.clear();
  });
});
