import fp from 'fastify-plugin';
import routes from './routes.js';

/** Privacy: the retention setting (/api/retention-settings/current); the worker and commands use service.ts. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'privacy' },
);
