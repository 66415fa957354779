import fp from 'fastify-plugin';
import * as remarksService from './service.js';
import { remarksRepository } from './resource.js';
import routes from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    remarksService: typeof remarksService;
  }
}

/** Remarks: comments on an order and Comment History (resource `remarks`). */
export default fp(
  async (app) => {
    app.decorate('remarksService', remarksService);
    app.serveResource('remarks', remarksRepository);
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'remarks', dependencies: ['resources', 'orders'] },
);
