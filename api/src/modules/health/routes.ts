import type { FastifyPluginAsync } from 'fastify';

/** 200 when the database answers, 503 when it does not. */
const routes: FastifyPluginAsync = async (app) => {
  app.get(
    '/health',
    { config: { public: true }, schema: { tags: ['health'], security: [] } },
    async (_request, reply) => {
      try {
        await app.db.raw('select 1');
        return { status: 1, message: 'ok' };
      } catch {
        return reply.code(503).send({ status: 0, message: 'The database is not answering.' });
      }
    },
  );
};

export default routes;
