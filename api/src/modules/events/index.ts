import fp from 'fastify-plugin';
import * as eventsService from './service.js';
import routes from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    eventsService: typeof eventsService;
  }
}

/** Live work: the event stream, its tickets and presence. */
export default fp(
  async (app) => {
    app.decorate('eventsService', eventsService);
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'events', dependencies: ['auth', 'orders'] },
);
