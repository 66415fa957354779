import fp from 'fastify-plugin';
import * as webhooksService from './service.js';
import routes from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    webhooksService: typeof webhooksService;
  }
}

/** Mail providers' delivery webhooks (SendGrid, SES). */
export default fp(
  async (app) => {
    app.decorate('webhooksService', webhooksService);
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'webhooks' },
);
