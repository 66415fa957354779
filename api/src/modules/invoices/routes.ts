import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../http.js';
import { invoicePdfOfMail } from '../mail/service.js';
import { InvoiceParams, SendInvoiceBody } from './schemas.js';
import { sendInvoice } from './service.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/send-invoice',
    { schema: { tags: ['invoices'], body: SendInvoiceBody }, config: { permission: 'invoices.send' } },
    async (request) => {
      const { orderId, version } = request.body;
      const { email } = await sendInvoice(app, request.member, Number(orderId), version);
      return ok(`The invoice has been queued and will be emailed to ${email}.`);
    },
  );

  app.get(
    '/admin/invoices/:mailId',
    {
      schema: { tags: ['invoices'], params: InvoiceParams, produces: ['application/pdf'] },
      config: { permission: 'orders.read' },
    },
    async (request, reply) => {
      const { orderId, pdf } = await invoicePdfOfMail(app, request.params.mailId);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="Invoice-${orderId}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
};

export default routes;
