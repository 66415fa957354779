import type { FastifyInstance } from 'fastify';
import { listTable } from '../../db/list.js';
import { integerId, type ResourceRepository } from '../../core/resources.js';
import {
  addTeamMember,
  deleteTeamMember,
  memberFields,
  teamMemberInfo,
  updateTeamMember,
  type MemberInput,
} from './service.js';

/** The member fields of this app's registry (a test may give the app one with a field more). */
const fieldsOf = (app: FastifyInstance) => memberFields(app.registry['team-members']!);

/**
 * team-members: Manage Team through the team service, so the escalation rules hold.
 * Bodies come checked against the registry's form fields (react-admin's Edit sends the whole record
 * back, and an emptied password input as null: the password is kept).
 */
export const teamMembersRepository: ResourceRepository = {
  list: ({ app }, query) =>
    listTable(() => app.db('team_members'), query, { select: fieldsOf(app).columns, tieBreak: 'id' }),
  one: ({ app }, id) => teamMemberInfo(app.db, fieldsOf(app), integerId(id)),
  create: {
    async run({ app, member }, body) {
      const id = await addTeamMember(app.db, fieldsOf(app), member, body as MemberInput);
      return teamMemberInfo(app.db, fieldsOf(app), id);
    },
  },
  update: {
    async run({ app, member }, id, body) {
      const tmId = integerId(id);
      await updateTeamMember(app.db, fieldsOf(app), member, tmId, body as MemberInput);
      return teamMemberInfo(app.db, fieldsOf(app), tmId);
    },
  },
  async remove({ app, member }, id) {
    const before = await teamMemberInfo(app.db, fieldsOf(app), integerId(id));
    await deleteTeamMember(app.db, member, before.id);
    return before;
  },
};
