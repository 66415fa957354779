import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import * as authService from './service.js';
import routes from './routes.js';
import { createSignIn, type SignIn } from './signIn.js';

declare module 'fastify' {
  interface FastifyInstance {
    authService: typeof authService;
    /** Sign-in's throttles and steps, shared by the old system's admin-login and the second-factor steps. */
    signIn: SignIn;
  }
}

/** Sign-in: tokens, sign-out, password change, and the session check the auth plugin asks for. */
export default fp(
  async (app) => {
    app.decorate('authService', authService);
    // Signs the device cookies of sign-in (a key of its own, derived from JWT_SECRET).
    const secret = Buffer.from(crypto.hkdfSync('sha256', app.config.jwtSecret, 'tdac', 'device-cookie', 32));
    await app.register(cookie, { secret: secret.toString('base64url') });
    app.decorate('signIn', createSignIn(app));
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'auth' },
);
