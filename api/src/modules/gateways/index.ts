import fp from 'fastify-plugin';
import * as gatewaysService from './service.js';
import { gatewaysRepository } from './resource.js';
import routes from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    gatewaysService: typeof gatewaysService;
  }
}

/** Payment gateways: Gateway Setting (resource `gateways`). */
export default fp(
  async (app) => {
    app.decorate('gatewaysService', gatewaysService);
    app.serveResource('gateways', gatewaysRepository);
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'gateways', dependencies: ['resources'] },
);
