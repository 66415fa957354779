import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normaliseEmail } from '@app/domain';
import { redisNamespace } from '../../plugins/redis.js';
import type { Member } from '../../types.js';
import { endLiveStreams } from '../events/service.js';
import { createSignInThrottle, WaitBeforeRetrying } from './failureLimits.js';
import {
  accountTag,
  createDeviceThrottle,
  DEVICE_COOKIE,
  DEVICE_COOKIE_DAYS,
  newDeviceCookie,
} from './deviceThrottle.js';
import { factorKinds } from './factors.js';
import { admit, changePassword, checkPassword, issueChallenge } from './service.js';
import { endSessions } from './sessions.js';

/** Where the device cookie is sent back: the sign-in call and its second-factor steps. */
const SIGN_IN_PATH = '/api/admin/admin-login';

/**
 * The sign-in's guards, one set per app (app.signIn): the address throttle and the device allowance keep
 * their counts in this process when Redis is away, so the password step and the second-factor steps
 * must share them, whichever module serves the route.
 */
export function createSignIn(app: FastifyInstance) {
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
  const step = async <T>(request: FastifyRequest, reply: FastifyReply, email: string, check: () => Promise<T>) => {
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
        path: SIGN_IN_PATH,
        maxAge: DEVICE_COOKIE_DAYS * 86_400,
      });
    return answer;
  };

  return {
    throttled,
    step,
    signedIn,
    /** The first step, by password: signed in, or the challenge of the second factor the member has. */
    async withPassword(request: FastifyRequest, reply: FastifyReply, email: string, password: string) {
      const member = await step(request, reply, email, () => checkPassword(app, email, password));
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
    /** Changes one's own password and ends every session and live stream of the member. */
    async changeOwnPassword(
      request: FastifyRequest,
      reply: FastifyReply,
      member: Member,
      currentPassword: string,
      newPassword: string,
    ) {
      // Wrong current passwords count like failed sign-ins (a stolen token cannot guess on).
      await throttled(reply, member.email, request.ip, () => changePassword(app, member, currentPassword, newPassword));
      await endSessions(app, app.db('sessions').where({ member_id: member.id }), 'signed-out');
      await endLiveStreams(app.db, { memberId: member.id });
    },
  };
}

export type SignIn = ReturnType<typeof createSignIn>;
