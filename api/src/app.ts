import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Knex } from 'knex';
import { RESOURCES, type Registry } from '@app/domain';
import type { AppConfig } from './config.js';
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createDb } from './db/knex.js';
import { createStorage } from './storage/index.js';
import { systemClock, type Clock } from './core/clock.js';
import './types.js';
import errors from './plugins/errors.js';
import metrics from './plugins/metrics.js';
import dbPlugin from './plugins/db.js';
import redisPlugin from './plugins/redis.js';
import security from './plugins/security.js';
import auth from './plugins/auth.js';
import docs from './plugins/docs.js';
import staticApps from './plugins/static.js';
import { modules } from './modules/index.js';
import { AJV_OPTIONS } from './core/validators.js';

export interface BuildAppOptions {
  config: AppConfig;
  /** A knex instance to use (and not close); by default one is made from the config and closed with the app. */
  db?: Knex;
  /** The resources served at /api/<name> (domain/registry); tests pass a fixture registry. */
  registry?: Registry;
  /** What the app takes for now (app.clock); tests pass a ManualClock to move time. */
  clock?: Clock;
}

/**
 * A URL the router cannot read (a broken %-escape, a path parameter over 100 characters) gets the same
 * envelope as every other refusal, not Fastify's own error shape.
 */
function unreadableUrl(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.statusCode === 414;
  void reply
    .code(tooLong ? 414 : 400)
    .send({ status: 0, message: tooLong ? 'The address is too long.' : 'The address is not valid.' });
}

/** A request id a trusted proxy sent (x-request-id) is kept, so that its logs and ours join up. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;
const requestIdOf = (trustProxy: AppConfig['trustProxy']) => (request: IncomingMessage) => {
  const given = request.headers['x-request-id'];
  return trustProxy && typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
};

/** The one app factory: server.ts and every test build the app through here. */
export async function buildApp({
  config,
  db,
  registry = RESOURCES,
  clock = systemClock,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Every log line of a request carries it (reqId), and so does its answer (x-request-id).
    genReqId: requestIdOf(config.trustProxy),
    // Slow or stalled clients are cut off: Fastify's own default waits for ever.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.idleTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // Node checks the request and header timeouts this often (30 s by default).
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: 1000 },
    frameworkErrors: unreadableUrl,
    ajv: { customOptions: AJV_OPTIONS },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('baseRegistry', registry);
  // The registry with the Admins' configuration applied (modules/configuration keeps it); the code's until that loads.
  app.decorate('registry', {
    getter: () => (app.hasDecorator('configuration') ? app.configuration.registry : registry),
  });
  app.server.maxConnections = config.maxConnections;
  // Every route as registered (method, url, schema, config): tests walk it to reach every endpoint.
  const routeTable: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    routeTable.push(route);
  });
  app.decorate('storage', createStorage(config));
  await app.register(errors);
  await app.register(dbPlugin, { db: db ?? createDb(config), ownsDb: !db });
  await app.register(redisPlugin);
  await app.register(metrics);
  await app.register(security);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxMb * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(auth);
  await app.register(docs);
  for (const module of modules) await app.register(module);
  await app.register(staticApps);
  return app;
}
