import type { Knex } from 'knex';
import type { Role } from '@app/domain';

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
  db<MemberRow>('team_members').whereRaw('LOWER(email) = ?', [email.toLowerCase()]).first();
