import fp from 'fastify-plugin';
import * as invoicesService from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    invoicesService: typeof invoicesService;
  }
}

/** Invoices: Send Invoice and the invoice PDF of a mail. */
export default fp(
  async (app) => {
    app.decorate('invoicesService', invoicesService);
  },
  { name: 'invoices' },
);
