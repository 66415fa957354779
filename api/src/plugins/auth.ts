import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import { can } from '@app/domain';
import type { FastifyRequest } from 'fastify';
import { forbidden, HttpError } from '../http.js';
import memberCache from './memberCache.js';
import type { TokenPayload } from '../types.js';

const unauthorized = (message: string) => new HttpError(401, message);

/** The token is sent with no prefix (docs/product.md#the-old-systems-calls); `Bearer <token>` is accepted too. */
const extractToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (!header) return undefined;
  return header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
};

/**
 * Every /api route is closed unless its config says `public: true`. A closed route needs a valid,
 * unexpired token of a member who still exists with the same token version, and the route's
 * permission for the member's role. Routes are checked at start-up: an admin route that names no
 * permission refuses to register.
 */
export default fp(async (app) => {
  await app.register(jwt, {
    secret: app.config.jwtSecret,
    sign: { algorithm: 'HS256', expiresIn: app.config.jwtExpiresIn },
    // One algorithm only: a token must say exactly how this server signs. Verified tokens are kept
    // (fast-jwt's cache, never past their expiry): a signature check was a fixed cost of every request.
    verify: { extractToken, algorithms: ['HS256'], cache: true },
  });

  await app.register(memberCache);

  app.addHook('onRoute', (route) => {
    const config = route.config as { public?: boolean; permission?: string; stepUp?: boolean } | undefined;
    if (route.url.startsWith('/api/admin/') && !config?.public && !config?.permission) {
      throw new Error(`Admin route ${route.method} ${route.url} must name a permission`);
    }
    // Role and team changes need a recent password or factor check, whichever route makes them.
    if (config?.permission === 'team.manage' && route.method !== 'GET') config.stepUp = true;
  });

  app.addHook('onRequest', async (request, reply) => {
    // Decided by the route that matched, never by the raw URL: an absolute-form target
    // (`GET http://host/api/...`) reaches the same route with a URL that does not start with /api/.
    const route = request.routeOptions.url ?? '';
    if (!route.startsWith('/api/') || request.routeOptions.config.public) return;
    // The API docs are open while developing; in production they need a staff token like the rest.
    if (route.startsWith('/api/docs') && app.config.nodeEnv !== 'production') return;
    const token = extractToken(request);
    if (!token) throw unauthorized('Please sign in to continue.');
    let payload: TokenPayload;
    try {
      // The app's verifier (HS256, with its cache of verified tokens) called directly: request.jwtVerify
      // decodes the token once more and runs a callback chain around this same call (a few per cent of a page).
      payload = app.jwt.verify<TokenPayload>(token);
    } catch (error) {
      // fast-jwt's code (TokenError.codes.expired), which request.jwtVerify renamed.
      const expired = (error as { code?: string }).code === 'FAST_JWT_EXPIRED';
      throw unauthorized(
        expired
          ? 'Your session has expired. Please sign in again.'
          : 'Your session is not valid. Please sign in again.',
      );
    }
    request.user = payload;
    // Cached per token for a moment: the lookup was most of the fixed cost of a request. The auth module
    // answers it through its decoration (a plugin imports no module); it is registered by the time a request comes.
    const auth = app.authService;
    const signedIn = await app.memberCache.get(String(payload.jti), () => auth.loadSignedIn(app, payload));
    if (!signedIn) {
      throw unauthorized('Your session is no longer valid. Please sign in again.');
    }
    const config = request.routeOptions.config;
    await auth.checkSession(app, signedIn, { activity: !config.passive });
    const { member, session, policy } = signedIn;
    if (!auth.addressAllowed(policy, member.type, request.ip)) throw forbidden(auth.ADDRESS_REFUSED);
    request.member = { id: member.id, name: member.name, email: member.email, type: member.type };
    request.sessionId = session.id;
    // The admin warns a minute before the idle end.
    void reply.header('x-session-idle-minutes', String(policy.idleMinutes));
    if (session.enrolment_only && !config.enrolment)
      throw new HttpError(403, 'Set up a second factor before anything else.', { mfaEnrolmentRequired: true });
    const permission = config.permission;
    if (permission && !can(member.type, permission)) throw forbidden();
    if (config.stepUp && !auth.recentlyVerified(app, session))
      throw new HttpError(401, 'Please confirm it is you to do this.', { reauth: true });
  });
});
