import fp from 'fastify-plugin';
import * as notificationsService from './service.js';
import routes from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    notificationsService: typeof notificationsService;
  }
}

/** Notifications: the admin's bell, kept per member and pushed live; other modules call `notify`. */
export default fp(
  async (app) => {
    app.decorate('notificationsService', notificationsService);
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'notifications' },
);
