import type { FastifyInstance } from 'fastify';
import { nowUtc } from '@app/domain';
import { HttpError } from '../../http.js';
import type { Member } from '../../types.js';
import { findMemberByEmail } from '../team/repo.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords.js';

const WRONG_CREDENTIALS = 'Invalid email or password.';

/** Checks the credentials and signs a token; unknown email and wrong password answer alike, in the same time. */
export async function signIn(app: FastifyInstance, email: string, password: string) {
  const member = await findMemberByEmail(app.db, email);
  const valid = await verifyPassword(password, member?.password_hash ?? DUMMY_HASH);
  if (!member || !valid) throw new HttpError(401, WRONG_CREDENTIALS);
  await app.db('team_members').where({ id: member.id }).update({ last_login_at: nowUtc() });
  const token = app.jwt.sign({
    user: { id: member.id, name: member.name, type: member.type },
    tv: member.token_version,
  });
  const data: Member = { id: member.id, name: member.name, email: member.email, type: member.type };
  return { token, data };
}

/** Sets a new password and bumps the token version, so every older token stops working. */
export async function changePassword(app: FastifyInstance, member: Member, newPassword: string) {
  const passwordHash = await hashPassword(newPassword);
  await app
    .db('team_members')
    .where({ id: member.id })
    .update({ password_hash: passwordHash, token_version: app.db.raw('token_version + 1'), updated_at: nowUtc() });
}
