import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../http.js';
import { DefencePackBody, DefencePackDetailsBody } from './schemas.js';
import { defencePackPdf, saveDefencePackDetails } from './service.js';
import type { DefencePackType } from './packPdf.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/get-defence-pack-pdf',
    {
      schema: { tags: ['evidence'], body: DefencePackBody, produces: ['application/pdf'] },
      config: { permission: 'evidence.read' },
    },
    async (request, reply) => {
      const { orderId, defencePackType } = request.body;
      const pdf = await defencePackPdf(app, request.member, orderId, defencePackType as DefencePackType);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="defence-pack-${defencePackType}-${orderId}.pdf"`)
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/admin/defence-pack-details',
    { schema: { tags: ['evidence'], body: DefencePackDetailsBody }, config: { permission: 'orders.work' } },
    async (request) => {
      await saveDefencePackDetails(app, request.member, request.body);
      return ok('Transaction details saved successfully.');
    },
  );
};

export default routes;
