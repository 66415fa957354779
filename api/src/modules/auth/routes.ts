import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { normaliseEmail } from '@app/domain';
import { ok } from '../../http.js';
import { redisNamespace } from '../../plugins/redis.js';
import { createSignInThrottle, WaitBeforeRetrying } from './failureLimits.js';
import {
  accountTag,
  createDeviceThrottle,
  DEVICE_COOKIE,
  DEVICE_COOKIE_DAYS,
  newDeviceCookie,
} from './deviceThrottle.js';
import {
  ChallengeBody,
  ChangePasswordBody,
  LoginBody,
  LoginMfaBody,
  LoginAnswer,
  LoginPasskeyBody,
  MemberView,
  PasskeyOptionsAnswer,
} from './schemas.js';
import { admit, changePassword, checkPassword, issueChallenge, redeemChallenge, signOut } from './service.js';
import { checkSecondFactor, factorKinds } from './factors.js';
import { authenticationOptions, checkPasskey } from './passkeys.js';
import { endSessions } from './sessions.js';
import { recordAudit } from '../audit/service.js';
import { endLiveStreams } from '../events/service.js';
import accountRoutes from './accountRoutes.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const prefix = `${redisNamespace(app.config)}:`;
  const throttle = createSignInThrottle(app.redis, prefix, {
    freeFailures: app.config.loginRateMax,
    baseDelayMs: app.config.loginDelayBaseMs,
    maxDelayMs: app.config.rateWindowMs,
  });
  const devices = createDeviceThrottle(app.redis, prefix, {
    failures: app.config.loginAccountRateMax,
    windowMs: app.config.rateWindowMs,
  });
  /** Runs a credential check under the sign-in throttle, saying in Retry-After how long to wait when refused. */
  const throttled = async <T>(reply: FastifyReply, email: string, address: string, check: () => Promise<T>) => {
    try {
      return await throttle.attempt(normaliseEmail(email), address, check);
    } catch (error) {
      if (error instanceof WaitBeforeRetrying) void reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  };
  /** A sign-in step: the address throttle, then the allowance of the browser's device for this account. */
  const signInStep = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    check: () => Promise<T>,
  ) => {
    const raw = request.cookies[DEVICE_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : null;
    const cookie = unsigned?.valid ? unsigned.value : null;
    return throttled(reply, email, request.ip, () => devices.attempt(normaliseEmail(email), cookie, check));
  };
  /** Signs the member in, and gives a browser that had no device cookie for this account one. */
  const signedIn = async (request: FastifyRequest, reply: FastifyReply, member: Parameters<typeof admit>[2]) => {
    const answer = await admit(app, request, member);
    const raw = request.cookies[DEVICE_COOKIE];
    const known = raw && request.unsignCookie(raw).value?.startsWith(`${accountTag(normaliseEmail(member.email))}.`);
    if (!known)
      void reply.setCookie(DEVICE_COOKIE, newDeviceCookie(normaliseEmail(member.email)), {
        signed: true,
        httpOnly: true,
        sameSite: 'strict',
        secure: app.config.nodeEnv === 'production',
        path: '/api/admin/admin-login',
        maxAge: DEVICE_COOKIE_DAYS * 86_400,
      });
    return answer;
  };

  app.post(
    '/admin/admin-login',
    {
      schema: { tags: ['account'], body: LoginBody, response: { 200: LoginAnswer }, security: [] },
      config: { public: true },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const member = await signInStep(request, reply, email, () => checkPassword(app, email, password));
      const factors = await factorKinds(app, member.id);
      if (factors.length)
        return {
          status: 1 as const,
          message: factors.includes('totp')
            ? 'Enter the code from your authenticator app.'
            : 'Use your passkey (or a recovery code).',
          mfaRequired: true as const,
          challenge: issueChallenge(app, member),
          factors,
        };
      return signedIn(request, reply, member);
    },
  );

  app.post(
    '/admin/admin-login/mfa',
    {
      schema: { tags: ['account'], body: LoginMfaBody, response: { 200: LoginAnswer }, security: [] },
      config: { public: true },
    },
    async (request, reply) => {
      const member = await redeemChallenge(app, request.body.challenge);
      const used = await signInStep(request, reply, member.email, () =>
        checkSecondFactor(app, member.id, request.body.code),
      );
      if (used === 'recovery-code')
        await recordAudit(app.db, member, [
          { action: 'mfa-recovery-code', detail: `${member.name} signed in with a recovery code` },
        ]);
      return signedIn(request, reply, member);
    },
  );

  app.post(
    '/admin/admin-login/mfa/passkey/options',
    {
      schema: { tags: ['account'], body: ChallengeBody, response: { 200: PasskeyOptionsAnswer }, security: [] },
      config: { public: true },
    },
    async (request) => {
      const member = await redeemChallenge(app, request.body.challenge);
      return { status: 1, message: 'Use your passkey.', options: await authenticationOptions(app, member.id) };
    },
  );

  app.post(
    '/admin/admin-login/mfa/passkey',
    {
      schema: { tags: ['account'], body: LoginPasskeyBody, response: { 200: LoginAnswer }, security: [] },
      config: { public: true },
    },
    async (request, reply) => {
      const member = await redeemChallenge(app, request.body.challenge);
      await signInStep(request, reply, member.email, () =>
        checkPasskey(app, member.id, request.body.response as Parameters<typeof checkPasskey>[2]),
      );
      return signedIn(request, reply, member);
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
      config: { enrolment: true },
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
      await endSessions(app, app.db('sessions').where({ member_id: request.member.id }), 'signed-out');
      await endLiveStreams(app.db, { memberId: request.member.id });
      return ok('Password updated successfully. Please sign in again.');
    },
  );

  app.post(
    '/admin/logout',
    { schema: { tags: ['account'] }, config: { permission: 'account.signOut', enrolment: true } },
    async (request) => {
      await signOut(app, request.user);
      return ok('You have been signed out.');
    },
  );

  await app.register(accountRoutes, { throttled });
};

export default routes;
