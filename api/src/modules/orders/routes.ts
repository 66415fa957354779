import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound, ok } from '../../http.js';
import {
  ExportQuery,
  ExportResponse,
  HistoryResponse,
  NextOrderBody,
  NextOrderResponse,
  OrderParams,
  RevertBody,
  RevertResponse,
} from './schemas.js';
import { listQueryOf } from '../resources/service.js';
import { orderCsvStream } from './exportCsv.js';
import { orderHistory, revertChange } from './history.js';
import { listRequest } from './resource.js';
import { assignNextOrder, customQueuesFor, openQueue, orderIdOf } from './service.js';

const tags = ['orders'];

/** Next order, an order's history and revert, and the CSV export of a list. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/next-order',
    {
      schema: {
        tags,
        body: NextOrderBody,
        response: NextOrderResponse,
        description: 'Assigns the member the oldest unassigned order of the queue (Priority first in New Orders).',
      },
      config: { permission: 'orders.work' },
    },
    async (request) => {
      const queue = openQueue(request.member, request.body.queue, customQueuesFor(app, request.member.type));
      const orderId = await assignNextOrder(app.db, request.member, queue);
      if (orderId === null) return { status: 0, message: 'Nothing left in this queue' };
      return ok('Order assigned to you.', { orderId });
    },
  );

  const orderIdParam = (id: string) => {
    const orderId = orderIdOf(id);
    if (orderId === null) throw notFound('Order not found.');
    return orderId;
  };

  app.get(
    '/orders/:id/history',
    { schema: { tags, params: OrderParams, response: HistoryResponse }, config: { permission: 'orders.read' } },
    async (request) => orderHistory(app, request.member, orderIdParam(request.params.id)),
  );

  app.post(
    '/orders/:id/revert',
    {
      schema: {
        tags,
        params: OrderParams,
        body: RevertBody,
        response: RevertResponse,
        description: 'Sets a custom field back to its value before one change of the history.',
      },
      config: { permission: 'orders.work' },
    },
    async (request) => {
      const { eventId, version } = request.body;
      const now = await revertChange(app, request.member, orderIdParam(request.params.id), eventId, version);
      return ok('Change reverted.', { version: now });
    },
  );

  app.get(
    '/orders/export',
    {
      schema: { tags, querystring: ExportQuery, response: ExportResponse, produces: ['text/csv'] },
      // Customer data leaves the app: a recent password or code check, as for the other sensitive acts.
      config: { permission: 'orders.read', stepUp: true },
    },
    async (request, reply) => {
      const list = listRequest(app, request.member, listQueryOf(request, app.registry.orders!));
      const stream = await orderCsvStream(app, request.member, list);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${list.queue?.route ?? 'orders'}.csv"`)
        .header('Cache-Control', 'private, no-store')
        .send(stream);
    },
  );
};

export default routes;
