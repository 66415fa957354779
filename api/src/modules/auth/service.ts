import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { nowUtc } from '@app/domain';
import { badRequest, HttpError } from '../../http.js';
import type { Member, TokenPayload } from '../../types.js';
import { recordAudit } from '../audit/service.js';
import { findMemberByEmail, findMemberById } from '../team/service.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../core/passwords.js';

const WRONG_CREDENTIALS = 'Invalid email or password.';

/** Checks the credentials and signs a token; unknown email and wrong password answer alike, in the same time. */
export async function signIn(app: FastifyInstance, email: string, password: string) {
  const member = await findMemberByEmail(app.db, email);
  const valid = await verifyPassword(password, member?.password_hash ?? DUMMY_HASH);
  if (!member || !valid) throw new HttpError(401, WRONG_CREDENTIALS);
  await app.db('team_members').where({ id: member.id }).update({ last_login_at: nowUtc() });
  const payload: TokenPayload = {
    user: { id: member.id, name: member.name, type: member.type },
    tv: member.token_version,
    // The token's own id, so that signing out can end this session alone.
    jti: crypto.randomBytes(16).toString('base64url'),
  };
  const token = app.jwt.sign(payload);
  const data: Member = { id: member.id, name: member.name, email: member.email, type: member.type };
  return { token, data };
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

const utc = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ');

/** Ends one session now: its token id is refused until the token would have expired anyway. */
export async function signOut(app: FastifyInstance, token: TokenPayload & { exp?: number }) {
  const expiresAt = utc(token.exp ?? Math.floor(Date.now() / 1000));
  await app.db('revoked_tokens').insert({ jti: token.jti, expires_at: expiresAt }).onConflict('jti').ignore();
  // Rows of tokens past their expiry prove nothing any more.
  await app.db('revoked_tokens').where('expires_at', '<', nowUtc()).del();
}

/**
 * The member a verified token still speaks for: it has an id that was not signed out (a token
 * without one is not one this server issued), and its member exists with the same token version.
 */
export async function sessionMember(db: Knex, payload: TokenPayload | undefined) {
  if (typeof payload?.jti !== 'string') return undefined;
  if (await db('revoked_tokens').where({ jti: payload.jti }).first('jti')) return undefined;
  const member = await findMemberById(db, Number(payload.user?.id));
  return member && member.token_version === payload.tv ? member : undefined;
}
