import fp from 'fastify-plugin';
import * as preferencesService from './service.js';
import routes from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    preferencesService: typeof preferencesService;
  }
}

/** Preferences: each member's saved list settings. */
export default fp(
  async (app) => {
    app.decorate('preferencesService', preferencesService);
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'preferences' },
);
