import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { subscriberOf } from './redis.js';

declare module 'fastify' {
  interface FastifyInstance {
    memberCache: MemberCache;
  }
}

/**
 * How long a session check (token not revoked, member there with the token's version) is trusted
 * without asking the database again. A change by a team or account route clears every process's
 * cache at once; this only bounds the staleness if that message is lost.
 */
export const MEMBER_CACHE_MS = 2_000;
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
  const entries = new Map<string, { value: unknown; until: number }>();
  let subscriber: Redis | undefined;
  if (app.redis) {
    subscriber = subscriberOf(app.redis);
    await subscriber.subscribe(CHANNEL);
    subscriber.on('message', () => entries.clear());
    app.addHook('onClose', async () => void (await subscriber!.quit().catch(() => subscriber!.disconnect())));
  }
  const cache: MemberCache = {
    async get<T>(tokenId: string, load: () => Promise<T | undefined>) {
      const hit = entries.get(tokenId);
      if (hit && hit.until > Date.now()) return hit.value as T;
      const value = await load();
      if (value !== undefined) {
        // Old entries go when the map grows, so a stream of one-off tokens cannot hold memory.
        if (entries.size > 10_000) entries.clear();
        entries.set(tokenId, { value, until: Date.now() + MEMBER_CACHE_MS });
      }
      return value;
    },
    async clear() {
      entries.clear();
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
