import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../http.js';
import { ResendMailBody } from './schemas.js';
import { resendMail } from './service.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/resend-mail',
    { schema: { tags: ['documents'], body: ResendMailBody }, config: { permission: 'orders.work' } },
    async (request) => {
      await resendMail(app, request.member, request.body);
      return ok(`Mail queued for ${request.body.email} via ${request.body.mailServiceProvider}.`);
    },
  );
};

export default routes;
