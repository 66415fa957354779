import fp from 'fastify-plugin';
import * as documentsService from './service.js';
import { documentsRepository } from './resource.js';
import routes from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    documentsService: typeof documentsService;
  }
}

/** Documents: the visa document upload and the Download History of documents (resource `documents`). */
export default fp(
  async (app) => {
    app.decorate('documentsService', documentsService);
    app.serveResource('documents', documentsRepository);
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'documents', dependencies: ['resources'] },
);
