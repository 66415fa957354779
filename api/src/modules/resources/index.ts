import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ResourceRepository } from '../../core/resources.js';
import { registryRoutes, resourceRoutes } from './routes.js';
import { declaredTableRepository } from './tables.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Serves the registry's resource `name` at /api/<name> with the repository of the module that owns
     * its data (each module serves its own, from its plugin). A registry without `name` serves nothing.
     */
    serveResource(name: string, repository: ResourceRepository): void;
  }
}

/** The resources each app serves so far: what `tableResources` leaves to the modules that served them. */
const servedBy = new WeakMap<FastifyInstance, Set<string>>();

/**
 * The generic /api/<resource> handler and GET /api/admin/registry. Registered before the modules that
 * serve resources; once all are loaded, every resource of the registry must have been served.
 */
export default fp(
  async (app) => {
    const served = new Set<string>();
    servedBy.set(app, served);
    app.decorate('serveResource', function (this: FastifyInstance, name: string, repository: ResourceRepository) {
      const resource = app.registry[name];
      if (!resource) return;
      if (served.has(name)) throw new Error(`Resource ${name} is served twice`);
      served.add(name);
      void this.register(resourceRoutes, { prefix: '/api', resource, repository });
    });
    app.addHook('onReady', async () => {
      const unserved = Object.keys(app.registry).filter((name) => !served.has(name));
      if (unserved.length) throw new Error(`Resource ${unserved.join(', ')} has no repository: no module serves it`);
    });
    await app.register(registryRoutes, { prefix: '/api' });
  },
  { name: 'resources' },
);

/**
 * Registered after every module: serves each resource of the registry that has a table and that no module
 * served, straight from its table (./tables.ts), so that a read-only screen needs no module of its own.
 */
export const tableResources = fp(
  async (app) => {
    const served = servedBy.get(app)!;
    for (const resource of Object.values(app.registry))
      if (resource.table && !served.has(resource.name))
        app.serveResource(resource.name, declaredTableRepository(resource, resource.table));
  },
  { name: 'table-resources', dependencies: ['resources'] },
);
