import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Knex } from 'knex';
import type { AppConfig } from './config.js';
import path from 'node:path';
import { createDb } from './db/knex.js';
import { createLocalStorage } from './storage/index.js';
import './types.js';
import errors from './plugins/errors.js';
import dbPlugin from './plugins/db.js';
import security from './plugins/security.js';
import auth from './plugins/auth.js';
import docs from './plugins/docs.js';
import staticApps from './plugins/static.js';
import { fileRoutes, moduleRoutes } from './modules/index.js';

export interface BuildAppOptions {
  config: AppConfig;
  /** A knex instance to use (and not close); by default one is made from the config and closed with the app. */
  db?: Knex;
}

/** The one app factory: server.ts and every test build the app through here. */
export async function buildApp({ config, db }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    ajv: {
      // errorMessage carries SPEC's wording; verbose gives the error handler the schema that failed.
      customOptions: { keywords: ['errorMessage'], verbose: true, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.decorate('storage', createLocalStorage(path.join(config.dataDir, 'uploads')));
  await app.register(errors);
  await app.register(dbPlugin, { db: db ?? createDb(config), ownsDb: !db });
  await app.register(security);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxMb * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(auth);
  await app.register(docs);
  for (const routes of moduleRoutes) await app.register(routes, { prefix: '/api' });
  // Document links keep SPEC's path /uploads/docs/..., so they are mounted outside /api.
  await app.register(fileRoutes);
  await app.register(staticApps);
  return app;
}
