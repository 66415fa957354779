import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../http.js';
import { SendInvoiceBody } from './schemas.js';
import { sendInvoice } from './service.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/send-invoice',
    { schema: { tags: ['invoices'], body: SendInvoiceBody }, config: { permission: 'invoices.send' } },
    async (request) => {
      const { email } = await sendInvoice(app, request.member, Number(request.body.orderId));
      return ok(`The invoice has been queued and will be emailed to ${email}.`);
    },
  );
};

export default routes;
