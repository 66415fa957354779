import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { envelopeAnswer, messageAnswer, ok } from '../../http.js';
import {
  addTeamMember,
  deleteTeamMember,
  memberFields,
  memberTypes,
  teamList,
  teamMemberInfo,
  updateTeamMember,
  type MemberInput,
} from '../team/service.js';
import { DeleteMemberBody, MemberParams, RolesAnswer, teamSchemas } from './schemas.js';

const tags = ['team'];
const config = { permission: 'team.manage' } as const;

/** Manage Team (docs/product.md#the-old-systems-calls). Answers pass through a response schema, so no password field can leave. */
const teamRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const members = app.registry['team-members']!;
  const fields = memberFields(members);
  const { AddMemberBody, UpdateMemberBody, TeamMemberView } = teamSchemas(members);

  app.get(
    '/admin/get-team-member-list',
    { schema: { tags, response: envelopeAnswer(Type.Array(TeamMemberView)) }, config },
    async () => ok('Team members.', await teamList(app.db, fields)),
  );

  app.get(
    '/admin/team-member-info/:id',
    { schema: { tags, params: MemberParams, response: envelopeAnswer(TeamMemberView) }, config },
    async (request) => ok('Team member details.', await teamMemberInfo(app.db, fields, request.params.id)),
  );

  app.get('/admin/get-team-member-type', { schema: { tags, response: RolesAnswer }, config }, async (request) =>
    ok('Team member types.', memberTypes(request.member)),
  );

  app.post(
    '/admin/add-team-member',
    { schema: { tags, body: AddMemberBody, response: envelopeAnswer(TeamMemberView) }, config },
    async (request) => {
      const id = await addTeamMember(app.db, fields, request.member, request.body as MemberInput);
      return ok('Team member added successfully.', await teamMemberInfo(app.db, fields, id));
    },
  );

  app.post(
    '/admin/update-team-member',
    { schema: { tags, body: UpdateMemberBody, response: envelopeAnswer(TeamMemberView) }, config },
    async (request) => {
      const { tmId, ...member } = request.body as MemberInput & { tmId: number };
      await updateTeamMember(app.db, fields, request.member, tmId, member);
      return ok('Team member updated successfully.', await teamMemberInfo(app.db, fields, tmId));
    },
  );

  app.put(
    '/admin/delete-team-member',
    { schema: { tags, body: DeleteMemberBody, response: messageAnswer }, config },
    async (request) => ok(await deleteTeamMember(app.db, request.member, request.body.teamMemberId)),
  );
};

export default teamRoutes;
