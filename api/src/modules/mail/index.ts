import fp from 'fastify-plugin';
import * as mailService from './service.js';
import { mailsRepository } from './resource.js';
import routes from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailService: typeof mailService;
  }
}

/** Mail: the outbox, resend, and Email History (resource `mails`). */
export default fp(
  async (app) => {
    app.decorate('mailService', mailService);
    app.serveResource('mails', mailsRepository);
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'mail', dependencies: ['resources'] },
);
