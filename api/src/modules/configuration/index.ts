import fp from 'fastify-plugin';
import { loadConfiguration, type LoadedConfiguration } from './service.js';
import routes from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The configuration Admins keep, loaded, with its version, its custom queues and the
     * registry it makes (app.registry answers it); every process reloads it when any changes it.
     */
    configuration: LoadedConfiguration;
  }
}

/** Configuration: custom fields, built-in overrides and custom queues (/api/order-fields, /api/custom-queues). */
export default fp(
  async (app) => {
    app.decorate('configuration', await loadConfiguration(app));
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'configuration' },
);
