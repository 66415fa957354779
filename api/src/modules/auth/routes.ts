import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { normaliseEmail } from '@app/domain';
import { ok } from '../../http.js';
import { redisNamespace } from '../../plugins/redis.js';
import { createSignInThrottle, WaitBeforeRetrying } from './failureLimits.js';
import { ChangePasswordBody, LoginBody, MemberView } from './schemas.js';
import { changePassword, signIn, signOut } from './service.js';
import { endLiveStreams } from '../events/service.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const throttle = createSignInThrottle(app.redis, `${redisNamespace(app.config)}:`, {
    freeFailures: app.config.loginRateMax,
    baseDelayMs: app.config.loginDelayBaseMs,
    maxDelayMs: app.config.rateWindowMs,
  });
  /** Runs a password check under the sign-in throttle, saying in Retry-After how long to wait when refused. */
  const throttled = async <T>(reply: FastifyReply, email: string, address: string, check: () => Promise<T>) => {
    try {
      return await throttle.attempt(normaliseEmail(email), address, check);
    } catch (error) {
      if (error instanceof WaitBeforeRetrying) void reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  };

  app.post(
    '/admin/admin-login',
    { schema: { tags: ['account'], body: LoginBody, security: [] }, config: { public: true } },
    async (request, reply) => {
      const { email, password } = request.body;
      const { token, data } = await throttled(reply, email, request.ip, () => signIn(app, email, password));
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
    async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      // Wrong current passwords count like failed sign-ins (a stolen token cannot guess on).
      await throttled(reply, request.member.email, request.ip, () =>
        changePassword(app, request.member, currentPassword, newPassword),
      );
      await endLiveStreams(app.db, { memberId: request.member.id });
      return ok('Password updated successfully. Please sign in again.');
    },
  );

  app.post(
    '/admin/logout',
    { schema: { tags: ['account'] }, config: { permission: 'account.signOut' } },
    async (request) => {
      await signOut(app, request.user);
      await endLiveStreams(app.db, { tokenId: request.user.jti });
      return ok('You have been signed out.');
    },
  );
};

export default routes;
