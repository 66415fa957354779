import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ok, tooManyAttempts } from '../../http.js';
import { ChangePasswordBody, LoginBody, MemberView } from './schemas.js';
import { changePassword, signIn } from './service.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const window = app.config.rateWindowMs;
  // Per IP, whatever the email (stops spraying many emails); the route's own limit is per IP and email.
  const perIpLimit = app.createRateLimit({
    max: app.config.loginRateMax * 5,
    timeWindow: window,
    keyGenerator: (r) => `login-ip|${r.ip}`,
  });
  const perIp = async (request: FastifyRequest) => {
    const limit = await perIpLimit(request);
    if (!limit.isAllowed && limit.isExceeded) throw tooManyAttempts(limit.ttl);
  };

  app.post(
    '/admin/admin-login',
    {
      schema: { tags: ['account'], body: LoginBody, security: [] },
      config: {
        public: true,
        rateLimit: {
          max: app.config.loginRateMax,
          timeWindow: window,
          keyGenerator: (r) => `login|${r.ip}|${String((r.body as { email?: unknown })?.email ?? '').toLowerCase()}`,
        },
      },
      preHandler: perIp,
    },
    async (request) => {
      const { token, data } = await signIn(app, request.body.email, request.body.password);
      return { status: 1, message: 'Login successfully.', token, jwtToken: token, data };
    },
  );

  app.get(
    '/user_info',
    {
      schema: {
        tags: ['account'],
        response: {
          200: {
            type: 'object',
            properties: { status: { type: 'integer' }, message: { type: 'string' }, data: MemberView },
          },
        },
      },
    },
    async (request) => ok('Member details.', request.member),
  );

  app.post(
    '/admin/change-password',
    { schema: { tags: ['account'], body: ChangePasswordBody }, config: { permission: 'account.changePassword' } },
    async (request) => {
      await changePassword(app, request.member, request.body.newPassword);
      return ok('Password updated successfully. Please sign in again.');
    },
  );
};

export default routes;
