import fp from 'fastify-plugin';
import * as gatewaysService from './service.js';
import { gatewaysRepository } from './resource.js';

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
  },
  { name: 'gateways', dependencies: ['resources'] },
);
