import fp from 'fastify-plugin';
import { serveOrderChanges } from './change.js';
import { followConfiguration } from './customQueues.js';
import * as ordersService from './service.js';
import { ordersRepository } from './resource.js';
import routes from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders' service, for what may not import a module (plugins, the app root, tests). */
    ordersService: typeof ordersService;
  }
}

/** Orders: the queues, the order page and its actions (resource `orders`). */
export default fp(
  async (app) => {
    app.decorate('ordersService', ordersService);
    // The change path keeps custom queues by the configuration of the app that serves the database.
    followConfiguration(app);
    serveOrderChanges(app);
    app.serveResource('orders', ordersRepository);
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'orders', dependencies: ['resources'] },
);
