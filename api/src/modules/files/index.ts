import fp from 'fastify-plugin';
import * as filesService from './service.js';
import routes from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    filesService: typeof filesService;
  }
}

/** Document links: GET /uploads/docs/..., outside /api because the old system's links have that path. */
export default fp(
  async (app) => {
    app.decorate('filesService', filesService);
    await app.register(routes);
  },
  { name: 'files', dependencies: ['auth'] },
);
