import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Status } from '@app/domain';
import { badRequest, messageAnswer, notFound, ok } from '../../http.js';
import type { Member } from '../../types.js';
import { approvalMailOf } from '../mail/service.js';
import {
  assignOrders,
  blankedForRole,
  customFieldsOf,
  customQueuesFor,
  folderCounts,
  futureMonths,
  listOrders,
  moveOrders,
  openQueue,
  orderDetails,
  orderDetailsForRole,
  orderForRole,
  orderIdOf,
  queuePageRequest,
  refundOrders,
  restoreOrders,
  searchRequest,
  seenVersions,
  unassignOrders,
  withAge,
} from '../orders/service.js';
import {
  AssignBody,
  ChangeStatusBody,
  FolderCountAnswer,
  FolderCountQuery,
  FutureMonthsAnswer,
  MoveStatusBody,
  OrderDetailsParams,
  OrderIdsBody,
  OrdersPageAnswer,
  QueueListQuery,
  QueueParams,
  RecordAnswer,
  SearchAnswer,
  SearchBody,
} from './schemas.js';

const tags = ['orders'];

/** Queues and orders (docs/product.md#the-old-systems-calls): counts, lists, search, details, assign and moves. */
const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const queueListQuery = QueueListQuery(app.registry.orders!);
  /** Rows as the old system's lists answer them: with their age, and the fields the member's role may read. */
  const answerRows = (rows: Array<Record<string, unknown>>, role: Member['type']) =>
    withAge(rows).map(orderForRole(app.registry, role));

  app.get(
    '/admin/get-folder-count',
    {
      schema: { tags, querystring: FolderCountQuery, response: FolderCountAnswer },
      config: { permission: 'orders.read' },
    },
    async (request) =>
      ok('Folder counts.', await folderCounts(app.db, request.member, customQueuesFor(app, request.member.type))),
  );

  app.get(
    '/admin/get-orders-list/:orderName',
    {
      schema: { tags, params: QueueParams, querystring: queueListQuery, response: OrdersPageAnswer },
      config: { permission: 'orders.read' },
    },
    async (request) => {
      const queue = openQueue(request.member, request.params.orderName);
      const { rows, total } = await listOrders(
        app.db,
        app.registry,
        request.member,
        queuePageRequest(queue, request.query),
      );
      const data = answerRows(rows, request.member.type);
      return { ...ok('Orders.', data), total, page: request.query.page, limit: request.query.limit };
    },
  );

  app.get(
    '/admin/get-future-order-months',
    { schema: { tags, response: FutureMonthsAnswer }, config: { permission: 'orders.read' } },
    async (request) => ok('Future order months.', await futureMonths(app.db, request.member)),
  );

  app.post(
    '/admin/search-order',
    { schema: { tags, body: SearchBody, response: SearchAnswer }, config: { permission: 'orders.read' } },
    async (request) => {
      const queue = openQueue(request.member, request.body.folderName);
      const { rows, total } = await listOrders(
        app.db,
        app.registry,
        request.member,
        searchRequest(queue, request.body),
      );
      return { ...ok('Orders.', answerRows(rows, request.member.type)), total };
    },
  );

  app.get(
    '/admin/get-orders-details/:orderId',
    { schema: { tags, params: OrderDetailsParams, response: RecordAnswer }, config: { permission: 'orders.read' } },
    async (request) => {
      const details = await orderDetails(app.db, request.params.orderId, customFieldsOf(app.registry.orders));
      return ok('Order details.', orderDetailsForRole(app.registry, request.member.type)(details));
    },
  );

  app.put(
    '/admin/assign-order-status',
    { schema: { tags, body: AssignBody, response: messageAnswer }, config: { permission: 'orders.work' } },
    async (request) => {
      const { orderId, version } = request.body;
      return ok(await assignOrders(app.db, request.member, orderId, seenVersions(orderId, version)));
    },
  );

  app.put(
    '/admin/unassign-order',
    { schema: { tags, body: OrderIdsBody, response: messageAnswer }, config: { permission: 'orders.work' } },
    async (request) => {
      const { orderId, version } = request.body;
      return ok(await unassignOrders(app.db, request.member, orderId, seenVersions(orderId, version)));
    },
  );

  app.put(
    '/admin/change-order-status',
    { schema: { tags, body: ChangeStatusBody, response: messageAnswer }, config: { permission: 'orders.work' } },
    async (request) => {
      const { orderId, updatingStatus, permanentDeletedFlag, version } = request.body;
      // Orders are evidence in chargebacks: they are only ever soft-deleted.
      if (permanentDeletedFlag) throw badRequest('Orders cannot be deleted permanently; they stay in Deleted Orders.');
      const seen = seenVersions(orderId, version);
      return ok(await moveOrders(app.db, request.member, orderId, updatingStatus as Status, seen));
    },
  );

  app.put(
    '/admin/move-order-status',
    { schema: { tags, body: MoveStatusBody, response: messageAnswer }, config: { permission: 'orders.work' } },
    async (request) => {
      const { orderIds, updatingStatus, version } = request.body;
      const seen = seenVersions(orderIds, version);
      return ok(await moveOrders(app.db, request.member, orderIds, updatingStatus as Status, seen));
    },
  );

  app.put(
    '/admin/move-to-complete-refund',
    {
      schema: { tags, body: OrderIdsBody, response: messageAnswer },
      config: { permission: 'orders.work', stepUp: true },
    },
    async (request) => {
      const { orderId, version } = request.body;
      return ok(await refundOrders(app.db, app.config, request.member, orderId, seenVersions(orderId, version)));
    },
  );

  app.get(
    '/admin/email-content/:orderId',
    {
      schema: {
        response: RecordAnswer,
        tags,
        params: OrderDetailsParams,
        description: 'View Email Content: the approval mail of the order as it is (or will be) sent.',
      },
      config: { permission: 'orders.read' },
    },
    async (request) => {
      const orderId = orderIdOf(request.params.orderId);
      if (orderId === null) throw badRequest('Invalid order id.');
      // As the role may read the order: a hidden name or landing domain (so the brand) is not told.
      const visible = blankedForRole(app.registry, 'orders', request.member.type);
      const mail = await approvalMailOf(app.config, app.db, orderId, visible);
      if (!mail) throw notFound('Order not found.');
      return ok('Email content.', mail);
    },
  );

  app.put(
    '/admin/restore-order',
    {
      schema: {
        response: messageAnswer,
        tags,
        body: OrderIdsBody,
        description: 'Restore to where it was: Deleted orders back to their status before the delete.',
      },
      config: { permission: 'orders.work' },
    },
    async (request) => {
      const { orderId, version } = request.body;
      return ok(await restoreOrders(app.db, request.member, orderId, seenVersions(orderId, version)));
    },
  );
};

export default orderRoutes;
