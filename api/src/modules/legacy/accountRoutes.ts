import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { messageAnswer, ok } from '../../http.js';
import { LoginAnswer, MemberView, signOut } from '../auth/service.js';
import { ChangePasswordBody, LoginBody } from './schemas.js';

const tags = ['account'];

/** Sign-in (its first step; the second-factor steps are the auth module's), who is signed in, password, sign-out. */
const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/admin-login',
    { schema: { tags, body: LoginBody, response: { 200: LoginAnswer }, security: [] }, config: { public: true } },
    async (request, reply) => app.signIn.withPassword(request, reply, request.body.email, request.body.password),
  );

  app.get(
    '/user_info',
    {
      schema: {
        tags,
        response: {
          200: {
            type: 'object',
            properties: { status: { type: 'integer' }, message: { type: 'string' }, data: MemberView },
          },
        },
      },
      config: { enrolment: true },
    },
    async (request) => ok('Member details.', request.member),
  );

  app.post(
    '/admin/change-password',
    {
      schema: { tags, body: ChangePasswordBody, response: messageAnswer },
      config: { permission: 'account.changePassword' },
    },
    async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      await app.signIn.changeOwnPassword(request, reply, request.member, currentPassword, newPassword);
      return ok('Password updated successfully. Please sign in again.');
    },
  );

  app.post(
    '/admin/logout',
    { schema: { tags, response: messageAnswer }, config: { permission: 'account.signOut', enrolment: true } },
    async (request) => {
      await signOut(app, request.user);
      return ok('You have been signed out.');
    },
  );
};

export default accountRoutes;
