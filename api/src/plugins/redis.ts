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

/**
 * Connects to REDIS_URL (if set) before the app is ready, and closes the client with the app.
 * Consumers that need a dedicated connection (pub/sub) take `app.redis.duplicate()` and close it themselves.
 */
export default fp(async (app) => {
  const url = app.config.redisUrl;
  if (!url) {
    app.decorate('redis', null);
    return;
  }
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'redis connection error'));
  await redis.connect();
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
});
