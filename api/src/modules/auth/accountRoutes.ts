import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { roleRank, type Role } from '@app/domain';
import { badRequest, forbidden, HttpError, notFound, ok } from '../../http.js';
import type { Member } from '../../types.js';
import { recordAudit } from '../audit/service.js';
import { findMemberById } from '../team/service.js';
import { beginTotp, checkSecondFactor, confirmTotp, factorStatus, resetFactors } from './factors.js';
import {
  authenticationOptions,
  checkPasskey,
  registerPasskey,
  registrationOptions,
  removePasskey,
} from './passkeys.js';
import { readPolicy, writePolicy, type SecurityPolicy } from './policy.js';
import {
  Answer,
  CodeBody,
  EndedAnswer,
  FactorsAnswer,
  IdParams,
  MemberSessionParams,
  PasskeyEnrolBody,
  PasskeyOptionsAnswer,
  ReauthBody,
  RecoveryCodesAnswer,
  SecurityPolicyAnswer,
  SecurityPolicyBody,
  SessionsAnswer,
  TotpStartAnswer,
} from './schemas.js';
import { checkPassword } from './service.js';
import { endMemberSessions, endSessions, listSessions, markVerified } from './sessions.js';

const tags = ['account'];
const own = { permission: 'account.security' } as const;
const enrolment = { ...own, enrolment: true } as const;

/** An Admin reaches every member; a Manager, members of the roles below theirs. */
const mayReach = (actor: Member, target: Role) => actor.type === 'Admin' || roleRank(target) > roleRank(actor.type);

/** One's own sessions, second factor and step-up checks; other members' sessions and factors; the security policy. */
const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { throttled } = app.signIn;
  app.get('/account/sessions', { schema: { tags, response: { 200: SessionsAnswer } }, config: own }, async (request) =>
    ok('Your sessions.', await listSessions(app.db, request.member.id, request.sessionId)),
  );

  app.delete(
    '/account/sessions/:id',
    { schema: { tags, params: IdParams, response: { 200: EndedAnswer } }, config: own },
    async (request) => {
      const ended = await endMemberSessions(app, request.member, request.member.id, { only: request.params.id });
      if (!ended) throw notFound('No live session of yours has that id.');
      return ok('The session was ended.', { ended });
    },
  );

  app.delete(
    '/account/sessions',
    { schema: { tags, response: { 200: EndedAnswer } }, config: own },
    async (request) => {
      const ended = await endMemberSessions(app, request.member, request.member.id, { except: request.sessionId });
      return ok(`${ended} other session(s) ended.`, { ended });
    },
  );

  app.get('/account/mfa', { schema: { tags, response: { 200: FactorsAnswer } }, config: enrolment }, async (request) =>
    ok('Your second factors.', await factorStatus(app, request.member.id)),
  );

  app.post(
    '/account/mfa/totp',
    { schema: { tags, response: { 200: TotpStartAnswer } }, config: enrolment },
    async (request) => ({
      status: 1,
      message: 'Scan the code with your authenticator app, then enter the code it shows.',
      ...(await beginTotp(app, request.member)),
    }),
  );

  app.post(
    '/account/mfa/totp/verify',
    { schema: { tags, body: CodeBody, response: { 200: RecoveryCodesAnswer } }, config: enrolment },
    async (request, reply) => {
      const recoveryCodes = await throttled(reply, request.member.email, request.ip, () =>
        confirmTotp(app, request.member, request.body.code),
      );
      await markVerified(app, request.sessionId);
      return {
        status: 1,
        message: 'Your authenticator is set up. Keep these recovery codes somewhere safe: each works once.',
        recoveryCodes,
      };
    },
  );

  app.post(
    '/account/mfa/passkey/options',
    { schema: { tags, response: { 200: PasskeyOptionsAnswer } }, config: enrolment },
    async (request) => ({
      status: 1,
      message: 'Follow your browser to create the passkey.',
      options: await registrationOptions(app, request.member),
    }),
  );

  app.post(
    '/account/mfa/passkey/verify',
    { schema: { tags, body: PasskeyEnrolBody, response: { 200: RecoveryCodesAnswer } }, config: enrolment },
    async (request, reply) => {
      const { response, name } = request.body;
      const recoveryCodes = await throttled(reply, request.member.email, request.ip, () =>
        registerPasskey(app, request.member, response as Parameters<typeof registerPasskey>[2], name),
      );
      await markVerified(app, request.sessionId);
      return {
        status: 1,
        message: recoveryCodes.length
          ? 'Your passkey is set up. Keep these recovery codes somewhere safe: each works once.'
          : 'Your passkey is set up.',
        recoveryCodes,
      };
    },
  );

  app.delete(
    '/account/mfa/passkey/:id',
    { schema: { tags, params: IdParams, response: { 200: Answer } }, config: { ...own, stepUp: true } },
    async (request) => {
      await removePasskey(app, request.member, request.params.id);
      return ok('The passkey was removed.');
    },
  );

  app.post(
    '/account/reauth/passkey/options',
    { schema: { tags, response: { 200: PasskeyOptionsAnswer } }, config: own },
    async (request) => ({
      status: 1,
      message: 'Use your passkey.',
      options: await authenticationOptions(app, request.member.id),
    }),
  );

  app.post(
    '/account/reauth',
    { schema: { tags, body: ReauthBody, response: { 200: Answer } }, config: own },
    async (request, reply) => {
      const { member } = request;
      const body = request.body as { password?: string; code?: string; passkey?: unknown };
      // A wrong answer is a 400: a 401 would end the session it means to confirm.
      const how = await throttled(reply, member.email, request.ip, async () => {
        try {
          if (body.passkey !== undefined)
            return await checkPasskey(app, member.id, body.passkey as Parameters<typeof checkPasskey>[2]);
          if (body.code !== undefined) return await checkSecondFactor(app, member.id, body.code);
          await checkPassword(app, member.email, body.password!);
          return 'password';
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 401)
            throw badRequest(body.code === undefined ? 'That password is not correct.' : error.message);
          throw error;
        }
      });
      await markVerified(app, request.sessionId);
      await recordAudit(app.db, member, [{ action: 'step-up', detail: `${member.name} confirmed by ${how}` }]);
      return ok('Confirmed.');
    },
  );

  // Answers whether the step-up window is open (asking the check when not): for actions the admin does
  // itself, such as a CSV export built from lists it already read.
  app.post(
    '/account/step-up',
    { schema: { tags, response: { 200: Answer } }, config: { ...own, stepUp: true } },
    async () => ok('Confirmed.'),
  );

  /** The member of this id, when the actor may reach them. */
  const reachable = async (actor: Member, id: number) => {
    const target = await findMemberById(app.db, id);
    if (!target) throw notFound('Team member not found.');
    if (!mayReach(actor, target.type)) throw forbidden();
    return target;
  };

  app.get(
    '/team-members/:id/sessions',
    {
      schema: { tags: ['team'], params: IdParams, response: { 200: SessionsAnswer } },
      config: { permission: 'team.sessions' },
    },
    async (request) => {
      const target = await reachable(request.member, request.params.id);
      return ok('Sessions of the member.', await listSessions(app.db, target.id, request.sessionId));
    },
  );

  app.delete(
    '/team-members/:id/sessions/:sessionId',
    {
      schema: { tags: ['team'], params: MemberSessionParams, response: { 200: EndedAnswer } },
      config: { permission: 'team.sessions' },
    },
    async (request) => {
      const target = await reachable(request.member, request.params.id);
      const ended = await endMemberSessions(app, request.member, target.id, { only: request.params.sessionId });
      if (!ended) throw notFound('No live session of this member has that id.');
      return ok('The session was ended.', { ended });
    },
  );

  app.delete(
    '/team-members/:id/sessions',
    {
      schema: { tags: ['team'], params: IdParams, response: { 200: EndedAnswer } },
      config: { permission: 'team.sessions' },
    },
    async (request) => {
      const target = await reachable(request.member, request.params.id);
      const ended = await endMemberSessions(app, request.member, target.id, {});
      return ok(`${ended} session(s) ended.`, { ended });
    },
  );

  app.delete(
    '/team-members/:id/mfa',
    {
      schema: { tags: ['team'], params: IdParams, response: { 200: Answer } },
      config: { permission: 'team.resetFactors' },
    },
    async (request) => {
      const target = await reachable(request.member, request.params.id);
      await resetFactors(app, request.member, target);
      await endSessions(app, app.db('sessions').where({ member_id: target.id }), 'factor-reset');
      return ok(`${target.name} will set up a second factor again at the next sign-in.`);
    },
  );

  const policyConfig = { permission: 'configuration.manage' } as const;
  app.get(
    '/security-policy',
    { schema: { tags: ['configuration'], response: { 200: SecurityPolicyAnswer } }, config: policyConfig },
    async () => ok('Security policy.', await readPolicy(app)),
  );

  app.put(
    '/security-policy',
    {
      schema: { tags: ['configuration'], body: SecurityPolicyBody, response: { 200: SecurityPolicyAnswer } },
      config: { ...policyConfig, stepUp: true },
    },
    async (request) => {
      await writePolicy(app, request.body as SecurityPolicy);
      await recordAudit(app.db, request.member, [
        { action: 'security-policy', detail: JSON.stringify(request.body).slice(0, 500) },
      ]);
      return ok('Security policy saved.', await readPolicy(app));
    },
  );
};

export default accountRoutes;
