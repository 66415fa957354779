import fp from 'fastify-plugin';
import * as visitorService from './service.js';
import { downloadsRepository } from './resource.js';

declare module 'fastify' {
  interface FastifyInstance {
    visitorService: typeof visitorService;
  }
}

/** The visitor site's API: order tracking and document downloads (resource `downloads`). */
export default fp(
  async (app) => {
    app.decorate('visitorService', visitorService);
    app.serveResource('downloads', downloadsRepository);
  },
  { name: 'visitor', dependencies: ['resources'] },
);
