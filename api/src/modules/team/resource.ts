import { Type } from 'typebox';
import { listTable } from '../../db/list.js';
import { integerId } from '../resources/query.js';
import type { ResourceRepository, Row } from '../resources/types.js';
import { PUBLIC_MEMBER_COLUMNS } from './repo.js';
import { AddMemberBody, UpdateMemberBody } from './schemas.js';
import { addTeamMember, deleteTeamMember, teamMemberInfo, updateTeamMember } from './service.js';

/** react-admin's Edit sends the whole record back; an emptied password input may come as null. */
const EditMemberBody = Type.Object({
  ...Type.Omit(UpdateMemberBody, ['tmId', 'password']).properties,
  password: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
});

/** team-members: Manage Team through the team service, so the escalation rules of DESIGN section 4 hold. */
export const teamMembersRepository: ResourceRepository = {
  list: ({ app }, query) =>
    listTable(() => app.db('team_members'), query, { select: [...PUBLIC_MEMBER_COLUMNS], tieBreak: 'id' }),
  one: ({ app }, id) => teamMemberInfo(app.db, integerId(id)),
  create: {
    body: AddMemberBody,
    async run({ app, member }, body) {
      const id = await addTeamMember(app.db, member, body as Parameters<typeof addTeamMember>[2]);
      return teamMemberInfo(app.db, id);
    },
  },
  update: {
    body: EditMemberBody,
    async run({ app, member }, id, body: Row) {
      const tmId = integerId(id);
      const { name, email, type, password } = body as {
        name: string;
        email: string;
        type: string;
        password?: string | null;
      };
      await updateTeamMember(app.db, member, { tmId, name, email, type, password: password ?? undefined });
      return teamMemberInfo(app.db, tmId);
    },
  },
  async remove({ app, member }, id) {
    const before = await teamMemberInfo(app.db, integerId(id));
    await deleteTeamMember(app.db, member, before.id);
    return before;
  },
};
