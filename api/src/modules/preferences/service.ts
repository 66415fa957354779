import type { Knex } from 'knex';
import { Compile } from 'typebox/compile';
import {
  LAYOUT_KINDS,
  nowUtc,
  PREFERENCE_MAX_BYTES,
  PREFERENCES_PER_MEMBER,
  preferenceKind,
  type PreferenceKind,
  type PreferenceRecord,
  type PreferenceScope,
  type Role,
} from '@app/domain';
import { badRequest, HttpError, notFound } from '../../http.js';
import type { Member } from '../../types.js';
import * as repo from './repo.js';
import { PREFERENCE_VALUES } from './schemas.js';

const validators = Object.fromEntries(
  Object.entries(PREFERENCE_VALUES).map(([kind, schema]) => [kind, Compile(schema)]),
) as Record<PreferenceKind, ReturnType<typeof Compile>>;

/** A key left without a value: after a reset, when the role has no default either. */
export interface ClearedPreference {
  id: string;
  value: null;
  scope: null;
}

const record = (row: repo.StoredPreference, scope: PreferenceScope): PreferenceRecord => ({
  id: row.pref_key,
  value: JSON.parse(row.value) as unknown,
  scope,
});

/** The key's kind; a key the server does not keep (list parameters, selections...) is refused. */
function kindOf(key: string): PreferenceKind {
  const kind = preferenceKind(key);
  if (!kind) throw badRequest(`"${key}" is not a preference kept on the server.`);
  return kind;
}

/** The value as stored JSON, once it has the shape of its kind and fits the size limit. */
function serialise(kind: PreferenceKind, value: unknown): string {
  if (!validators[kind].Check(value)) throw badRequest(`value is not a valid ${kind} preference.`);
  const json = JSON.stringify(value);
  if (Buffer.byteLength(json, 'utf8') > PREFERENCE_MAX_BYTES) {
    throw new HttpError(413, `A preference can be at most ${PREFERENCE_MAX_BYTES / 1024} KB.`);
  }
  return json;
}

/** Every preference that applies to the member: their role's defaults, overridden by their own choices. */
export async function resolvedPreferences(db: Knex, member: Member): Promise<PreferenceRecord[]> {
  const byKey = new Map<string, PreferenceRecord>();
  for (const row of await repo.listRolePreferences(db, member.type)) byKey.set(row.pref_key, record(row, 'role'));
  for (const row of await repo.listMemberPreferences(db, member.id)) byKey.set(row.pref_key, record(row, 'member'));
  return [...byKey.values()].sort((a, b) => a.id.localeCompare(b.id));
}

/** One key, resolved member first, then the member's role default. */
export async function resolvedPreference(db: Knex, member: Member, key: string): Promise<PreferenceRecord> {
  kindOf(key);
  const own = await repo.findMemberPreference(db, member.id, key);
  if (own) return record(own, 'member');
  const fallback = await repo.findRolePreference(db, member.type, key);
  if (fallback) return record(fallback, 'role');
  throw notFound(`No preference is kept under "${key}".`);
}

export async function saveMemberPreference(db: Knex, member: Member, key: string, value: unknown) {
  const json = serialise(kindOf(key), value);
  const isNew = !(await repo.findMemberPreference(db, member.id, key));
  if (isNew && (await repo.countMemberPreferences(db, member.id)) >= PREFERENCES_PER_MEMBER) {
    throw badRequest(`You keep ${PREFERENCES_PER_MEMBER} preferences already; reset a screen's layout first.`);
  }
  await repo.upsertMemberPreference(db, member.id, key, json, nowUtc());
  return record({ pref_key: key, value: json }, 'member');
}

/** Removes the member's own value: what applies now is the role's default, if it has one. */
export async function resetMemberPreference(
  db: Knex,
  member: Member,
  key: string,
): Promise<PreferenceRecord | ClearedPreference> {
  kindOf(key);
  await repo.deleteMemberPreference(db, member.id, key);
  const fallback = await repo.findRolePreference(db, member.type, key);
  return fallback ? record(fallback, 'role') : { id: key, value: null, scope: null };
}

export async function roleDefaults(db: Knex, role: Role): Promise<PreferenceRecord[]> {
  return (await repo.listRolePreferences(db, role)).map((row) => record(row, 'role'));
}

/** A role's default layout; members of the role who chose their own keep it. */
export async function publishRoleDefault(db: Knex, publisher: Member, role: Role, key: string, value: unknown) {
  const kind = kindOf(key);
  if (!LAYOUT_KINDS.includes(kind)) {
    throw badRequest('A role default holds a layout only (columns, column order and sections).');
  }
  const json = serialise(kind, value);
  await repo.upsertRolePreference(db, role, key, json, nowUtc(), publisher.id);
  return record({ pref_key: key, value: json }, 'role');
}

export async function withdrawRoleDefault(db: Knex, role: Role, key: string): Promise<ClearedPreference> {
  kindOf(key);
  if (!(await repo.deleteRolePreference(db, role, key))) throw notFound(`${role} has no default under "${key}".`);
  return { id: key, value: null, scope: null };
}
