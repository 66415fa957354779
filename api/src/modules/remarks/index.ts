import fp from 'fastify-plugin';
import * as remarksService from './service.js';
import { remarksRepository } from './resource.js';

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
  },
  { name: 'remarks', dependencies: ['resources', 'orders'] },
);
