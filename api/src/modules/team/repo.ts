import type { Knex } from 'knex';
import { insertOne } from '../../db/knex.js';
import { likePrefix } from '../../db/list.js';
import { normaliseEmail, type Role } from '@app/domain';

export interface MemberRow {
  id: number;
  name: string;
  email: string;
  password_hash: string;
  type: Role;
  token_version: number;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
}

export const findMemberById = (db: Knex, id: number): Promise<MemberRow | undefined> =>
  Number.isSafeInteger(id) ? db<MemberRow>('team_members').where({ id }).first() : Promise.resolve(undefined);

export const findMemberByEmail = (db: Knex, email: string): Promise<MemberRow | undefined> =>
  db<MemberRow>('team_members')
    .where({ email: normaliseEmail(email) })
    .first();

/** A member as answered: the columns the registry describes (never the password hash). */
export type MemberView = Omit<MemberRow, 'password_hash' | 'token_version'> & Record<string, unknown>;

export const listMembers = (db: Knex, columns: string[]): Promise<MemberView[]> =>
  db('team_members').select(columns).orderBy('id');

export const findMemberView = (db: Knex, id: number, columns: string[]): Promise<MemberView | undefined> =>
  db('team_members').select(columns).where({ id }).first();

/**
 * Members whose name or email starts with `text` (search everywhere), at most `limit` of each: two index
 * ranges (team_members_name, the unique email), answered with `columns`.
 */
export async function findMembersByPrefix(db: Knex, text: string, columns: string[], limit: number) {
  const byStart = (column: string) =>
    db('team_members')
      .select(columns)
      .whereRaw(`?? LIKE ? ESCAPE '!'`, [column, likePrefix(text)])
      .orderBy(column)
      .limit(limit);
  const found: MemberView[][] = await Promise.all([byStart('name'), byStart('email')]);
  const seen = new Set<unknown>();
  return found.flat().filter((m) => !seen.has(m.id) && seen.add(m.id));
}

/** Another member with this email (stored lower-cased, compared exactly), if there is one. */
export const findOtherMemberByEmail = (db: Knex | Knex.Transaction, email: string, exceptId = 0) =>
  db<MemberRow>('team_members')
    .where({ email: normaliseEmail(email) })
    .whereNot({ id: exceptId })
    .first('id');

/** The Admins' ids, locked until the transaction ends: the last-Admin rule holds under concurrent changes. */
export const lockAdminIds = async (trx: Knex.Transaction): Promise<number[]> =>
  (await trx('team_members').where({ type: 'Admin' }).forUpdate().pluck('id')).map(Number);

export async function insertMember(
  trx: Knex.Transaction,
  member: Pick<MemberRow, 'name' | 'email' | 'password_hash' | 'type' | 'created_at' | 'updated_at'> &
    Record<string, unknown>,
): Promise<number> {
  return insertOne(trx, 'team_members', member);
}

export const updateMember = (trx: Knex.Transaction, id: number, patch: Record<string, unknown>) =>
  trx('team_members').where({ id }).update(patch);

export const deleteMember = (trx: Knex.Transaction, id: number) => trx('team_members').where({ id }).del();
