import fp from 'fastify-plugin';
import * as evidenceService from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    evidenceService: typeof evidenceService;
  }
}

/** Delivery evidence: the evidence pack and its CE3 form. */
export default fp(
  async (app) => {
    app.decorate('evidenceService', evidenceService);
  },
  { name: 'evidence' },
);
