import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { transactionRetryStats } from '../db/retry.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry: modules add their gauges here (collected on each scrape). */
    metrics: Registry;
  }
}

/** Pool counts of tarn, the pool under knex (absent until the first query). */
interface PoolCounts {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

const sameToken = (given: string, expected: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

/**
 * What an operator watches, in Prometheus format at GET /metrics on the API's port, to
 * `Authorization: Bearer <METRICS_TOKEN>` only (404 and nothing measured when METRICS_TOKEN is unset):
 * request durations by route pattern, the database pool and query durations, transactions run again
 * after a conflict, Redis up or down, and the process's own figures. Every answer carries its request
 * id (x-request-id), the id its log lines carry (reqId).
 */
export default fp(async (app) => {
  const registry = new Registry();
  app.decorate('metrics', registry);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const token = app.config.metricsToken;
  if (!token) {
    // Nobody can read them: nothing measured, and the address answers as an unknown one does
    // (rather than as a page of the visitor site, which is what other unknown GETs get).
    app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
      reply.code(404).send({ status: 0, message: 'No such endpoint: GET /metrics' }),
    );
    return;
  }
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern (/api/admin/get-orders-details/:orderId), never the URL: one series per route.
    const route = request.routeOptions.url ?? 'unmatched';
    requestDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const { db } = app;
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of the database pool: in use, free, and requests waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = (db.client as { pool?: PoolCounts }).pool;
      this.set({ state: 'used' }, pool?.numUsed() ?? 0);
      this.set({ state: 'free' }, pool?.numFree() ?? 0);
      this.set({ state: 'pending' }, pool?.numPendingAcquires() ?? 0);
    },
  });

  const queryDuration = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Time of each database query, by outcome.',
    labelNames: ['outcome'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    registers: [registry],
  });
  const queryStarts = new Map<string, number>();
  type QueryEvent = { __knexQueryUid?: string };
  const onQuery = (query: QueryEvent) =>
    query.__knexQueryUid && queryStarts.set(query.__knexQueryUid, performance.now());
  const onEnd = (outcome: 'ok' | 'error') => (_result: unknown, query: QueryEvent) => {
    const started = query?.__knexQueryUid ? queryStarts.get(query.__knexQueryUid) : undefined;
    if (started === undefined) return;
    queryStarts.delete(query.__knexQueryUid!);
    queryDuration.observe({ outcome }, (performance.now() - started) / 1000);
  };
  // knex answers 'query-error' as (error, query) and 'query-response' as (rows, query).
  const onResponse = onEnd('ok');
  const onError = onEnd('error');
  db.on('query', onQuery).on('query-response', onResponse).on('query-error', onError);
  app.addHook('onClose', async () => {
    db.off('query', onQuery).off('query-response', onResponse).off('query-error', onError);
  });

  // The retry counts belong to the process (db/retry.ts); each scrape reads them.
  const retryCounter = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  retryCounter(
    'db_transaction_conflicts_total',
    'Transaction attempts the database rolled back for a conflict (deadlock, or Galera certification lost).',
    () => transactionRetryStats.conflicts,
  );
  retryCounter(
    'db_transaction_retries_total',
    'Transactions run again after a conflict or a lost database node.',
    () => transactionRetryStats.retries,
  );
  retryCounter(
    'db_transaction_retries_exhausted_total',
    'Transactions that lost every attempt (answered 503).',
    () => transactionRetryStats.exhausted,
  );
  retryCounter(
    'db_transaction_failovers_total',
    'Transactions run again on another node because theirs went away before the commit.',
    () => transactionRetryStats.failovers,
  );

  const { redis } = app;
  if (redis) {
    new Gauge({
      name: 'redis_up',
      help: 'Whether the Redis connection (REDIS_URL) is ready: 1 up, 0 down.',
      registers: [registry],
      collect() {
        this.set(redis.status === 'ready' ? 1 : 0);
      },
    });
  }

  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const given = request.headers.authorization ?? '';
    if (!given.startsWith('Bearer ') || !sameToken(given.slice('Bearer '.length), token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ status: 401, message: 'A metrics token is needed.' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
