import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../http.js';
import {
  AddMemberBody,
  DeleteMemberBody,
  envelope,
  MemberParams,
  TeamMemberView,
  UpdateMemberBody,
} from './schemas.js';
import { addTeamMember, deleteTeamMember, memberTypes, teamList, teamMemberInfo, updateTeamMember } from './service.js';

const tags = ['team'];
const config = { permission: 'team.manage' } as const;

/** Manage Team (SPEC section 7). Answers pass through a response schema, so no password field can leave. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/get-team-member-list',
    { schema: { tags, response: envelope(Type.Array(TeamMemberView)) }, config },
    async () => ok('Team members.', await teamList(app.db)),
  );

  app.get(
    '/admin/team-member-info/:id',
    { schema: { tags, params: MemberParams, response: envelope(TeamMemberView) }, config },
    async (request) => ok('Team member details.', await teamMemberInfo(app.db, request.params.id)),
  );

  app.get('/admin/get-team-member-type', { schema: { tags }, config }, async (request) =>
    ok('Team member types.', memberTypes(request.member)),
  );

  app.post(
    '/admin/add-team-member',
    { schema: { tags, body: AddMemberBody, response: envelope(TeamMemberView) }, config },
    async (request) => {
      const id = await addTeamMember(app.db, request.member, request.body);
      return ok('Team member added successfully.', await teamMemberInfo(app.db, id));
    },
  );

  app.post(
    '/admin/update-team-member',
    { schema: { tags, body: UpdateMemberBody, response: envelope(TeamMemberView) }, config },
    async (request) => {
      await updateTeamMember(app.db, request.member, request.body);
      return ok('Team member updated successfully.', await teamMemberInfo(app.db, request.body.tmId));
    },
  );

  app.put('/admin/delete-team-member', { schema: { tags, body: DeleteMemberBody }, config }, async (request) =>
    ok(await deleteTeamMember(app.db, request.member, request.body.teamMemberId)),
  );
};

export default routes;
