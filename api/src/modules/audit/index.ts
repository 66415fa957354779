import fp from 'fastify-plugin';
import * as auditService from './service.js';
import { auditEventsRepository } from './resource.js';

declare module 'fastify' {
  interface FastifyInstance {
    auditService: typeof auditService;
  }
}

/** Audit: every change recorded in one place, and the Audit Log (resource `audit-events`). */
export default fp(
  async (app) => {
    app.decorate('auditService', auditService);
    app.serveResource('audit-events', auditEventsRepository);
  },
  { name: 'audit', dependencies: ['resources'] },
);
