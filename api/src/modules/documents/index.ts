import fp from 'fastify-plugin';
import * as documentsService from './service.js';
import { documentsRepository } from './resource.js';

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
  },
  { name: 'documents', dependencies: ['resources'] },
);
