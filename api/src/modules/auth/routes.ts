import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { normaliseEmail } from '@app/domain';
import { HttpError, ok } from '../../http.js';
import { redisNamespace } from '../../plugins/redis.js';
import { createFailureCounter, type FailureLimit } from './failureLimits.js';
import { ChangePasswordBody, LoginBody, MemberView } from './schemas.js';
import { changePassword, signIn, signOut } from './service.js';
import { endLiveStreams } from '../events/service.js';

/** Failures per IP may reach this many times the per-account limit (an office shares one address). */
export const LOGIN_IP_FACTOR = 5;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const failures = createFailureCounter(app.redis, app.config.rateWindowMs, `${redisNamespace(app.config)}:failures:`);
  const max = app.config.loginRateMax;
  // Per account across every address (stops a guesser rotating IPs), and per IP whatever the account.
  const accountLimit = (email: string): FailureLimit => ({ key: `login-account|${normaliseEmail(email)}`, max });
  const ipLimit = (request: FastifyRequest): FailureLimit => ({
    key: `login-ip|${request.ip}`,
    max: max * LOGIN_IP_FACTOR,
  });
  /** Runs a password check under the limits; only a wrong password (HttpError 4xx from the check) counts. */
  const limited = async <T>(limits: FailureLimit[], attempt: () => Promise<T>): Promise<T> => {
    await failures.check(limits);
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof HttpError && (error.statusCode === 401 || error.statusCode === 400)) {
        await failures.fail(limits);
      }
      throw error;
    }
  };

  app.post(
    '/admin/admin-login',
    { schema: { tags: ['account'], body: LoginBody, security: [] }, config: { public: true } },
    async (request) => {
      const { email, password } = request.body;
      const { token, data } = await limited([accountLimit(email), ipLimit(request)], () =>
        signIn(app, email, password),
      );
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
      const { currentPassword, newPassword } = request.body;
      // Wrong current passwords count against the account like failed sign-ins (a stolen token cannot guess on).
      await limited([accountLimit(request.member.email), ipLimit(request)], () =>
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
