import fp from 'fastify-plugin';
import routes from './routes.js';

/** Search everywhere (GET /api/search): orders, team members and screens in one answer. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'search', dependencies: ['orders', 'team'] },
);
