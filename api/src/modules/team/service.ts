import type { Knex } from 'knex';
import {
  can,
  canManageMember,
  normaliseEmail,
  nowUtc,
  rolesManageableBy,
  TEXTS,
  type ResourceDefinition,
  type Role,
} from '@app/domain';
import { badRequest, conflict, forbidden, notFound } from '../../http.js';
import type { Member } from '../../types.js';
import { hashPassword } from '../../core/passwords.js';
import { recordAudit, type AuditEvent } from '../audit/service.js';
import { releaseOrdersOf } from '../orders/service.js';
import { endLiveStreams } from '../events/service.js';
import {
  deleteMember,
  findMemberById,
  findMemberView,
  findOtherMemberByEmail,
  insertMember,
  listMembers,
  lockAdminIds,
  updateMember,
} from './repo.js';

/** The member lookups sign-in and sessions need. */
export { findMemberByEmail, findMemberById } from './repo.js';
/** Search everywhere's members: by the start of their name or email. */
export { findMembersByPrefix } from './repo.js';

/** The fields the team service itself reads and checks; any other form field is stored as given. */
const OWN_FIELDS = new Set(['name', 'email', 'type', 'password']);

/** A member's fields as the registry's team-members entry describes them (the one place they are declared). */
export interface MemberFields {
  /** What a member is answered with: every readable field, never the password. */
  columns: string[];
  /** Form fields the service stores as given (any the registry adds beside name, email, type and password). */
  stored: string[];
}

export function memberFields(members: ResourceDefinition): MemberFields {
  const readable = members.fields.filter((f) => f.type !== 'password');
  return {
    columns: readable.map((f) => (f.column && f.column !== f.source ? `${f.column} as ${f.source}` : f.source)),
    stored: readable
      .filter((f) => f.places.includes('form') && !OWN_FIELDS.has(f.source))
      .map((f) => f.column ?? f.source),
  };
}

/** What adding or editing a member takes: the registry's form fields, checked by the route's schema. */
export type MemberInput = { name: string; email: string; type: string; password?: string | null } & Record<
  string,
  unknown
>;

/** The values of the other form fields this input gives (a field left out keeps its value). */
const storedValues = (fields: MemberFields, input: MemberInput) =>
  Object.fromEntries(fields.stored.filter((column) => column in input).map((column) => [column, input[column]]));

const EMAIL_TAKEN = 'A team member with this email already exists.';
const LAST_ADMIN = 'The last Admin must stay: add another Admin first.';
const OWN_PASSWORD = 'Change your own password with Change Password, which asks for the current one.';
const OTHERS_PASSWORD = "Only an Admin or a Manager can set another member's password.";

/** Team management cannot raise privileges (docs/product.md#roles-and-permissions). */
const mayManage = (actor: Member, role: string) => {
  if (!canManageMember(actor.type, role as Role)) throw forbidden(`You cannot manage members with the role ${role}.`);
};

const requireName = (name: string) => {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest('Please enter your name.');
  return trimmed;
};

/** Who a team event is about, as the Audit Log's detail names them (never their password). */
const memberNamed = (member: { name: string; email: string }) => `${member.name} <${member.email}>`;

/** A duplicate email that slipped past the check (two requests at once) still answers 409. */
const isDuplicateKey = (error: unknown) =>
  /UNIQUE|Duplicate entry|ER_DUP_ENTRY/i.test(String((error as Error).message));

export const teamList = (db: Knex, fields: MemberFields) => listMembers(db, fields.columns);

export async function teamMemberInfo(db: Knex, fields: MemberFields, id: number) {
  const member = await findMemberView(db, id, fields.columns);
  if (!member) throw notFound('Team member not found.');
  return member;
}

/** The roles the member may give: theirs and below, Admin only for an Admin. */
export const memberTypes = (actor: Member): Role[] => rolesManageableBy(actor.type);

export async function addTeamMember(db: Knex, fields: MemberFields, actor: Member, body: MemberInput) {
  mayManage(actor, body.type);
  const name = requireName(body.name);
  const passwordHash = await hashPassword(body.password ?? '');
  try {
    return await db.transaction(async (trx) => {
      if (await findOtherMemberByEmail(trx, body.email)) throw conflict(EMAIL_TAKEN);
      const now = nowUtc();
      const email = normaliseEmail(body.email);
      const id = await insertMember(trx, {
        ...storedValues(fields, body),
        name,
        email,
        password_hash: passwordHash,
        type: body.type as Role,
        created_at: now,
        updated_at: now,
      });
      await recordAudit(trx, actor, [{ action: 'member-add', to: body.type, detail: memberNamed({ name, email }) }]);
      return id;
    });
  } catch (error) {
    if (isDuplicateKey(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

/** Edits a member; an empty password keeps the old one, a new one ends the member's sessions. */
export async function updateTeamMember(db: Knex, fields: MemberFields, actor: Member, tmId: number, body: MemberInput) {
  const target = await findMemberById(db, tmId);
  if (!target) throw notFound('Team member not found.');
  mayManage(actor, target.type);
  mayManage(actor, body.type);
  const name = requireName(body.name);
  const password = body.password ?? '';
  if (password && target.id === actor.id) throw forbidden(OWN_PASSWORD);
  if (password && !can(actor.type, 'team.setPassword')) throw forbidden(OTHERS_PASSWORD);
  const passwordHash = password ? await hashPassword(password) : null;
  try {
    await db.transaction(async (trx) => {
      const admins = await lockAdminIds(trx);
      if (target.type === 'Admin' && body.type !== 'Admin' && admins.length <= 1) throw badRequest(LAST_ADMIN);
      if (await findOtherMemberByEmail(trx, body.email, target.id)) throw conflict(EMAIL_TAKEN);
      const email = normaliseEmail(body.email);
      await updateMember(trx, target.id, {
        ...storedValues(fields, body),
        name,
        email,
        type: body.type,
        updated_at: nowUtc(),
        ...(passwordHash ? { password_hash: passwordHash, token_version: trx.raw('token_version + 1') } : {}),
      });
      await recordAudit(trx, actor, memberEditEvents(target, { name, email, type: body.type }, !!passwordHash));
    });
  } catch (error) {
    if (isDuplicateKey(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
  // Their streams were opened as the old role, or with tokens that no longer work.
  if (passwordHash || body.type !== target.type) await endLiveStreams(db, { memberId: target.id });
}

/** What an edit changed, one event each: name or email, role, password (that it was set, never what to). */
function memberEditEvents(
  before: { name: string; email: string; type: string },
  after: { name: string; email: string; type: string },
  passwordSet: boolean,
): AuditEvent[] {
  const detail = memberNamed(after);
  const events: AuditEvent[] = [];
  if (before.name !== after.name) events.push({ action: 'member-edit', from: before.name, to: after.name, detail });
  if (before.email !== after.email) events.push({ action: 'member-edit', from: before.email, to: after.email, detail });
  if (before.type !== after.type) events.push({ action: 'member-role', from: before.type, to: after.type, detail });
  if (passwordSet) events.push({ action: 'member-password', detail });
  return events;
}

/** Deletes a member: their sessions end with the row, and the orders they held go back to their queues. */
export async function deleteTeamMember(db: Knex, actor: Member, id: number): Promise<string> {
  if (id === actor.id) throw badRequest('You cannot delete yourself.');
  const target = await findMemberById(db, id);
  if (!target) throw notFound('Team member not found.');
  mayManage(actor, target.type);
  await db.transaction(async (trx) => {
    const admins = await lockAdminIds(trx);
    if (target.type === 'Admin' && admins.length <= 1) throw badRequest(LAST_ADMIN);
    await releaseOrdersOf(trx, actor, id);
    await deleteMember(trx, id);
    await recordAudit(trx, actor, [{ action: 'member-delete', from: target.type, detail: memberNamed(target) }]);
  });
  await endLiveStreams(db, { memberId: id });
  return TEXTS.memberDeleted;
}
