import fp from 'fastify-plugin';
import routes from './routes.js';

/**
 * The old system's calls (`/api/admin/*`, `/api/front/*`, `/api/user_info`; docs/product.md#the-old-systems-calls):
 * their paths, payloads and envelope, each translated into the service calls the resources make. It owns no
 * table and no rule: what a call does is decided by the module whose service it calls.
 */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/api' });
  },
  {
    name: 'legacy',
    dependencies: [
      'auth',
      'orders',
      'remarks',
      'team',
      'gateways',
      'reports',
      'visitor',
      'documents',
      'mail',
      'invoices',
      'evidence',
    ],
  },
);
