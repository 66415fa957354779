import type { Knex } from 'knex';
import type { Role } from '@app/domain';

/** A stored preference: its key and its value as JSON text. */
export interface StoredPreference {
  pref_key: string;
  value: string;
}

export const listMemberPreferences = (db: Knex, memberId: number): Promise<StoredPreference[]> =>
  db('member_preferences').where({ member_id: memberId }).select('pref_key', 'value').orderBy('pref_key');

export const listRolePreferences = (db: Knex, role: Role): Promise<StoredPreference[]> =>
  db('role_preferences').where({ role }).select('pref_key', 'value').orderBy('pref_key');

export const findMemberPreference = (db: Knex, memberId: number, key: string): Promise<StoredPreference | undefined> =>
  db('member_preferences').where({ member_id: memberId, pref_key: key }).first('pref_key', 'value');

export const findRolePreference = (db: Knex, role: Role, key: string): Promise<StoredPreference | undefined> =>
  db('role_preferences').where({ role, pref_key: key }).first('pref_key', 'value');

export const countMemberPreferences = async (db: Knex, memberId: number): Promise<number> =>
  Number((await db('member_preferences').where({ member_id: memberId }).count({ n: '*' }).first())?.n ?? 0);

export const upsertMemberPreference = (db: Knex, memberId: number, key: string, value: string, at: string) =>
  db('member_preferences')
    .insert({ member_id: memberId, pref_key: key, value, updated_at: at })
    .onConflict(['member_id', 'pref_key'])
    .merge(['value', 'updated_at']);

export const upsertRolePreference = (db: Knex, role: Role, key: string, value: string, at: string, by: number) =>
  db('role_preferences')
    .insert({ role, pref_key: key, value, updated_at: at, updated_by: by })
    .onConflict(['role', 'pref_key'])
    .merge(['value', 'updated_at', 'updated_by']);

export const deleteMemberPreference = (db: Knex, memberId: number, key: string): Promise<number> =>
  db('member_preferences').where({ member_id: memberId, pref_key: key }).delete();

export const deleteRolePreference = (db: Knex, role: Role, key: string): Promise<number> =>
  db('role_preferences').where({ role, pref_key: key }).delete();
