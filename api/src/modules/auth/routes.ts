import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChallengeBody, LoginMfaBody, LoginAnswer, LoginPasskeyBody, PasskeyOptionsAnswer } from './schemas.js';
import { redeemChallenge } from './service.js';
import { checkSecondFactor } from './factors.js';
import { authenticationOptions, checkPasskey } from './passkeys.js';
import { recordAudit } from '../audit/service.js';
import accountRoutes from './accountRoutes.js';

/**
 * The second step of sign-in (the first is the old system's admin-login, in modules/legacy), then one's
 * own account and security.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/admin-login/mfa',
    {
      schema: { tags: ['account'], body: LoginMfaBody, response: { 200: LoginAnswer }, security: [] },
      config: { public: true },
    },
    async (request, reply) => {
      const member = await redeemChallenge(app, request.body.challenge);
      const used = await app.signIn.step(request, reply, member.email, () =>
        checkSecondFactor(app, member.id, request.body.code),
      );
      if (used === 'recovery-code')
        await recordAudit(app.db, member, [
          { action: 'mfa-recovery-code', detail: `${member.name} signed in with a recovery code` },
        ]);
      return app.signIn.signedIn(request, reply, member);
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
      await app.signIn.step(request, reply, member.email, () =>
        checkPasskey(app, member.id, request.body.response as Parameters<typeof checkPasskey>[2]),
      );
      return app.signIn.signedIn(request, reply, member);
    },
  );

  await app.register(accountRoutes);
};

export default routes;
