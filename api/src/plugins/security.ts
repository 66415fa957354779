import fp from 'fastify-plugin';
import helmet from 'helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { tooManyAttempts } from '../http.js';
import { redisNamespace } from './redis.js';
import { redisStoreWithFallback } from './rateLimitStore.js';
import { refuseDeclaredOversize } from './uploadLimits.js';

/** Security headers, CORS limited to the configured origins, and the rate limiter routes opt into. */
export default fp(async (app) => {
  // Built once: @fastify/helmet calls helmet(options) on every request, parsing the CSP again each time
  // (a tenth of the CPU of a /api/health answer).
  const secureHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'worker-src': ["'self'", 'blob:'],
        'connect-src': ["'self'"],
        'frame-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    secureHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  await app.register(cors, {
    origin: app.config.corsOrigins.length ? app.config.corsOrigins : false,
    // ra-data-simple-rest reads a list's total from Content-Range; X-Total-Capped marks a total that stopped counting.
    exposedHeaders: ['Content-Range', 'X-Total-Capped'],
  });
  app.addHook('onRequest', refuseDeclaredOversize);
  await app.register(rateLimit, {
    global: false,
    // In Redis when the app has it, so that limits hold across API processes; in this
    // process while Redis is away, so that limited routes neither fail nor go unlimited.
    ...(app.redis ? { store: redisStoreWithFallback(app.redis, `${redisNamespace(app.config)}:rate:`) } : {}),
    // After the body is parsed, so that limits can be keyed by the email tried.
    hook: 'preHandler',
    errorResponseBuilder: (_request, context) => tooManyAttempts(context.ttl),
  });
});
