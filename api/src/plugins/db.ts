import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import { createDb } from '../db/knex.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the reports read: a pool on the DATABASE_READ_URL replica, else `db` itself. Never written to. */
    dbRead: Knex;
  }
}

/**
 * Decorates the app with the knex instance it was given, and closes it with the app; and with
 * `dbRead`, a second pool on the read replica when DATABASE_READ_URL names one (closed with the app).
 */
export default fp<{ db: Knex; ownsDb: boolean }>(async (app, { db, ownsDb }) => {
  app.decorate('db', db);
  if (ownsDb) app.addHook('onClose', async () => db.destroy());
  const { databaseReadUrl, dataDir } = app.config;
  const dbRead = databaseReadUrl ? createDb({ databaseUrl: databaseReadUrl, dataDir }) : db;
  app.decorate('dbRead', dbRead);
  if (dbRead !== db) app.addHook('onClose', async () => dbRead.destroy());
});
