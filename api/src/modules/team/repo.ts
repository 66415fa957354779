import type { Knex } from 'knex';
import { insertOne } from '../../db/knex.js';
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

/** Columns safe to answer with: never the password hash. */
export const PUBLIC_MEMBER_COLUMNS = [
  'id',
  'name',
  'email',
  'type',
  'created_at',
  'updated_at',
  'last_login_at',
] as const;

export const findMemberById = (db: Knex, id: number): Promise<MemberRow | undefined> =>
  Number.isSafeInteger(id) ? db<MemberRow>('team_members').where({ id }).first() : Promise.resolve(undefined);

export const findMemberByEmail = (db: Knex, email: string): Promise<MemberRow | undefined> =>
  db<MemberRow>('team_members')
    .where({ email: normaliseEmail(email) })
    .first();

export type MemberView = Pick<MemberRow, (typeof PUBLIC_MEMBER_COLUMNS)[number]>;

export const listMembers = (db: Knex): Promise<MemberView[]> =>
  db('team_members').select(PUBLIC_MEMBER_COLUMNS).orderBy('id');

export const findMemberView = (db: Knex, id: number): Promise<MemberView | undefined> =>
  db('team_members').select(PUBLIC_MEMBER_COLUMNS).where({ id }).first();

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
  member: Pick<MemberRow, 'name' | 'email' | 'password_hash' | 'type' | 'created_at' | 'updated_at'>,
): Promise<number> {
  return insertOne(trx, 'team_members', member);
}

export const updateMember = (trx: Knex.Transaction, id: number, patch: Record<string, unknown>) =>
  trx('team_members').where({ id }).update(patch);

export const deleteMember = (trx: Knex.Transaction, id: number) => trx('team_members').where({ id }).del();
