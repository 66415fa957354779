import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../http.js';
import { AddRemarkBody } from './schemas.js';
import { addRemark } from './service.js';

/** Comments on an order (add-new-remark); they are read with the order's details. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/add-new-remark',
    { schema: { tags: ['orders'], body: AddRemarkBody }, config: { permission: 'orders.work' } },
    async (request) => ok('Remark added successfully.', await addRemark(app, request.member, request.body)),
  );
};

export default routes;
