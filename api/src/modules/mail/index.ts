import fp from 'fastify-plugin';
import * as mailService from './service.js';
import { mailsRepository, mailTemplatesRepository } from './resource.js';
import routes from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailService: typeof mailService;
  }
}

/** Mail: the outbox, resend, Email History (resource `mails`) and the mails' templates (`mail-templates`). */
export default fp(
  async (app) => {
    app.decorate('mailService', mailService);
    app.serveResource('mails', mailsRepository);
    app.serveResource('mail-templates', mailTemplatesRepository);
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'mail', dependencies: ['resources'] },
);
