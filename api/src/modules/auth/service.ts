import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nowUtc } from '@app/domain';
import { badRequest, forbidden, HttpError } from '../../http.js';
import type { Member, TokenPayload } from '../../types.js';
import { recordAudit } from '../audit/service.js';
import { findMemberByEmail, findMemberById } from '../team/service.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../core/passwords.js';
import { hasFactor } from './factors.js';
import { addressAllowed, readPolicy } from './policy.js';
import { checkSession, endSessions, loadSignedIn, startSession } from './sessions.js';

const WRONG_CREDENTIALS = 'Invalid email or password.';

/** The member these credentials prove; unknown email and wrong password answer alike, in the same time. */
export async function checkPassword(app: FastifyInstance, email: string, password: string) {
  const member = await findMemberByEmail(app.db, email);
  const valid = await verifyPassword(password, member?.password_hash ?? DUMMY_HASH);
  if (!member || !valid) throw new HttpError(401, WRONG_CREDENTIALS);
  return member;
}

type MemberRow = NonNullable<Awaited<ReturnType<typeof findMemberById>>>;

/**
 * Opens a session for a member who proved who they are (password, and their factor if they have one):
 * SPEC's sign-in answer, with `mfaEnrolmentRequired` when the policy asks a factor they lack (their
 * session is then good for enrolment only).
 */
export async function admit(app: FastifyInstance, request: FastifyRequest, member: MemberRow) {
  const policy = await readPolicy(app);
  if (!addressAllowed(policy, member.type, request.ip)) throw forbidden(ADDRESS_REFUSED);
  const enrolmentOnly = policy.mfaRoles.includes(member.type) && !(await hasFactor(app, member.id));
  await app
    .db('team_members')
    .where({ id: member.id })
    .update({ last_login_at: nowUtc(app.clock.now()) });
  const token = await startSession(app, request, member, { enrolmentOnly });
  const data: Member = { id: member.id, name: member.name, email: member.email, type: member.type };
  return {
    status: 1 as const,
    message: 'Login successfully.',
    token,
    jwtToken: token,
    data,
    ...(enrolmentOnly ? { mfaEnrolmentRequired: true as const } : {}),
  };
}

export const ADDRESS_REFUSED = 'Your role may not sign in from this network.';

/** How long the second step of a sign-in may wait for its code. */
const CHALLENGE_MS = 5 * 60_000;
const challengeKey = (app: FastifyInstance) =>
  Buffer.from(crypto.hkdfSync('sha256', app.config.jwtSecret, 'tdac', 'mfa-challenge', 32));
const mac = (app: FastifyInstance, body: string) =>
  crypto.createHmac('sha256', challengeKey(app)).update(body).digest('base64url');

/** The proof that a member's password was right, for the second step of their sign-in (signed, short-lived). */
export function issueChallenge(app: FastifyInstance, member: MemberRow) {
  const body = Buffer.from(
    JSON.stringify({ m: member.id, tv: member.token_version, exp: app.clock.now().getTime() + CHALLENGE_MS }),
  ).toString('base64url');
  return `${body}.${mac(app, body)}`;
}

/** The member a challenge speaks for, or 401 when it is forged, expired or their password changed since. */
export async function redeemChallenge(app: FastifyInstance, challenge: string) {
  const [body = '', signature = ''] = challenge.split('.');
  const expected = mac(app, body);
  const valid =
    signature.length === expected.length && crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
  const claims = valid ? (JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, number>) : undefined;
  const member =
    claims && claims.exp! > app.clock.now().getTime() ? await findMemberById(app.db, claims.m!) : undefined;
  if (!member || member.token_version !== claims?.tv)
    throw new HttpError(401, 'This sign-in has expired. Please enter your email and password again.');
  return member;
}

/** Sets a new password once the current one is proven, and bumps the token version so every older token stops working. */
export async function changePassword(
  app: FastifyInstance,
  member: Member,
  currentPassword: string,
  newPassword: string,
) {
  const stored = await findMemberById(app.db, member.id);
  if (!stored || !(await verifyPassword(currentPassword, stored.password_hash))) {
    throw badRequest('The current password is not correct.');
  }
  const passwordHash = await hashPassword(newPassword);
  await app.db.transaction(async (trx) => {
    await trx('team_members')
      .where({ id: member.id })
      .update({ password_hash: passwordHash, token_version: trx.raw('token_version + 1'), updated_at: nowUtc() });
    // That it changed, never what to.
    await recordAudit(trx, member, [{ action: 'password-change', detail: `${stored.name} <${stored.email}>` }]);
  });
}

/** Ends the session of this token (the sign-out button). */
export async function signOut(app: FastifyInstance, token: TokenPayload) {
  await endSessions(app, app.db('sessions').where({ id: token.sid }), 'signed-out');
}

/** The member a verified token still speaks for, when its session is live (not counted as activity). */
export async function sessionMember(app: FastifyInstance, payload: TokenPayload | undefined) {
  const signedIn = await loadSignedIn(app, payload);
  if (!signedIn) return undefined;
  try {
    await checkSession(app, signedIn, { activity: false });
  } catch {
    return undefined;
  }
  return signedIn.member;
}

export { checkSession, loadSignedIn, recentlyVerified } from './sessions.js';
export { addressAllowed } from './policy.js';
/** The sign-in's answer and the member it names, as the steps of sign-in answer them. */
export { LoginAnswer, MemberView } from './schemas.js';
