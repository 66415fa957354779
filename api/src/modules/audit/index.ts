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
    // A shipper reading stdout (journald, Docker, a log agent) keeps a copy the database cannot change.
    if (app.config.auditLogStdout) auditService.shipAuditEvents(app.db, (line) => process.stdout.write(`${line}\n`));
    app.serveResource('audit-events', auditEventsRepository);
  },
  { name: 'audit', dependencies: ['resources'] },
);
