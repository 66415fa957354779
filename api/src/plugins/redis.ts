import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis client when REDIS_URL is set; null runs everything in-process (the embedded default). */
    redis: Redis | null;
  }
}

/**
 * The prefix of every key and channel one deployment uses in a shared Redis: processes on the same
 * database share limits, events and presence; another deployment (or test database) shares nothing.
 */
export const redisNamespace = (config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>) =>
  `tdac:${crypto
    .createHash('sha256')
    .update(config.databaseUrl || config.dataDir)
    .digest('hex')
    .slice(0, 16)}`;

/** A command Redis has not answered in this time fails (a partition can leave a socket open without answers). */
export const REDIS_COMMAND_TIMEOUT_MS = 2_000;

/**
 * Connects to REDIS_URL (if set) before the app is ready, and closes the client with the app.
 * While Redis is away a command fails at once instead of waiting in ioredis's offline queue for the
 * reconnection, so every caller's fallback (in-process limits, 503 for live updates) answers at once;
 * ioredis reconnects by itself. Consumers that need a dedicated connection (pub/sub) take
 * `subscriberOf(app.redis)` and close it themselves.
 */
export default fp(async (app) => {
  const url = app.config.redisUrl;
  if (!url) {
    app.decorate('redis', null);
    return;
  }
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'redis connection error'));
  await redis.connect();
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
});

/**
 * A dedicated connection for SUBSCRIBE. It keeps the offline queue, so that the first SUBSCRIBE waits
 * for its own connection; after a drop ioredis subscribes it again to the same channels.
 */
export function subscriberOf(redis: Redis): Redis {
  const subscriber = redis.duplicate({ enableOfflineQueue: true });
  // The shared client logs the same outage; this one would otherwise print it to stderr unhandled.
  subscriber.on('error', () => {});
  return subscriber;
}
