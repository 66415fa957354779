import fp from 'fastify-plugin';
import * as authService from './service.js';
import routes from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    authService: typeof authService;
  }
}

/** Sign-in: tokens, sign-out, password change, and the session check the auth plugin asks for. */
export default fp(
  async (app) => {
    app.decorate('authService', authService);
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'auth' },
);
