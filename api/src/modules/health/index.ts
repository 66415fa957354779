import fp from 'fastify-plugin';
import routes from './routes.js';

/** Health and metrics. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'health' },
);
