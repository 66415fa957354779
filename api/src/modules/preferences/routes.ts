import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { Role } from '@app/domain';
import { KeyParams, PreferenceAnswer, PreferenceBody, RoleKeyParams, RoleParams } from './schemas.js';
import {
  publishRoleDefault,
  resetMemberPreference,
  resolvedPreference,
  resolvedPreferences,
  roleDefaults,
  saveMemberPreference,
  withdrawRoleDefault,
} from './service.js';

const tags = ['preferences'];
const own = { permission: 'preferences.own' } as const;
const publish = { permission: 'preferences.publish' } as const;

/** A whole list in ra-data-simple-rest's conventions: the array and its Content-Range. */
const wholeList = <T>(reply: FastifyReply, rows: T[]): T[] => {
  void reply.header('Content-Range', `preferences 0-${Math.max(rows.length - 1, 0)}/${rows.length}`);
  return rows;
};

/**
 * The signed-in member's screen layouts and saved queries (the admin's Store), and the role defaults an
 * Admin publishes, in ra-data-simple-rest's conventions (records `{id: key, value, scope}`). The list is
 * always whole (a member keeps at most a couple of hundred keys), so range and sort are not read.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/preferences',
    { schema: { tags, response: { 200: Type.Array(PreferenceAnswer) } }, config: own },
    async (request, reply) => wholeList(reply, await resolvedPreferences(app.db, request.member)),
  );

  app.get(
    '/preferences/:key',
    { schema: { tags, params: KeyParams, response: { 200: PreferenceAnswer } }, config: own },
    async (request) => resolvedPreference(app.db, request.member, request.params.key),
  );

  app.put(
    '/preferences/:key',
    { schema: { tags, params: KeyParams, body: PreferenceBody, response: { 200: PreferenceAnswer } }, config: own },
    async (request) => saveMemberPreference(app.db, request.member, request.params.key, request.body.value),
  );

  // "Reset to my role's layout": answers what applies now.
  app.delete(
    '/preferences/:key',
    { schema: { tags, params: KeyParams, response: { 200: PreferenceAnswer } }, config: own },
    async (request) => resetMemberPreference(app.db, request.member, request.params.key),
  );

  app.get(
    '/preferences/role/:role',
    { schema: { tags, params: RoleParams, response: { 200: Type.Array(PreferenceAnswer) } }, config: publish },
    async (request, reply) => wholeList(reply, await roleDefaults(app.db, request.params.role as Role)),
  );

  app.put(
    '/preferences/role/:role/:key',
    {
      schema: { tags, params: RoleKeyParams, body: PreferenceBody, response: { 200: PreferenceAnswer } },
      config: publish,
    },
    async (request) =>
      publishRoleDefault(app.db, request.member, request.params.role as Role, request.params.key, request.body.value),
  );

  app.delete(
    '/preferences/role/:role/:key',
    { schema: { tags, params: RoleKeyParams, response: { 200: PreferenceAnswer } }, config: publish },
    async (request) => withdrawRoleDefault(app.db, request.params.role as Role, request.params.key),
  );
};

export default routes;
