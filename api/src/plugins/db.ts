import fp from 'fastify-plugin';
import type { Knex } from 'knex';

/** Decorates the app with the knex instance it was given, and closes it with the app. */
export default fp<{ db: Knex; ownsDb: boolean }>(async (app, { db, ownsDb }) => {
  app.decorate('db', db);
  if (ownsDb) app.addHook('onClose', async () => db.destroy());
});
