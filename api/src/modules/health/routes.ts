import type { FastifyPluginAsync } from 'fastify';
import { messageAnswer } from '../../http.js';
import { registerModuleMetrics } from './metrics.js';

/** Redis answers PING within this time or counts as unreachable. */
const REDIS_PING_MS = 1000;

/**
 * Liveness (GET /health: 200 while the process serves requests, whatever its dependencies do, so that
 * an orchestrator never restarts a process for a database outage) and readiness (GET /health/ready:
 * 503 while the database, or Redis when REDIS_URL requires it, does not answer, so that a balancer
 * sends requests elsewhere meanwhile).
 */
const routes: FastifyPluginAsync = async (app) => {
  registerModuleMetrics(app);
  // Not ready is answered in the same envelope.
  const schema = { tags: ['health'], security: [], response: { ...messageAnswer, 503: messageAnswer[200] } };

  app.get('/health', { config: { public: true }, schema }, async () => ({ status: 1, message: 'ok' }));

  const redisAnswers = async () => {
    const { redis } = app;
    if (!redis) return true;
    if (redis.status !== 'ready') return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not answer')), REDIS_PING_MS);
    });
    try {
      return (await Promise.race([redis.ping(), timeout])) === 'PONG';
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };

  app.get('/health/ready', { config: { public: true }, schema }, async (_request, reply) => {
    const [database, redis] = await Promise.all([
      app.db.raw('select 1').then(
        () => true,
        () => false,
      ),
      redisAnswers(),
    ]);
    if (!database) return reply.code(503).send({ status: 0, message: 'The database is not answering.' });
    if (!redis) return reply.code(503).send({ status: 0, message: 'Redis is not answering.' });
    return { status: 1, message: 'ready' };
  });
};

export default routes;
