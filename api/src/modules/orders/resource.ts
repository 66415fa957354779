import type { FastifyInstance } from 'fastify';
import {
  customTypeOf,
  encodeId,
  mayOpenQueue,
  mayReadField,
  QUEUES,
  type QueueDefinition,
  type ResourceDefinition,
  type Role,
} from '@app/domain';
import { badRequest, forbidden, notFound } from '../../http.js';
import type { Member } from '../../types.js';
import type { ListQuery, ResourceContext, ResourceRepository, Row } from '../../core/resources.js';
import { checkGivenValue, customFieldsOf, withCustomValues } from './customFields.js';
import { configuredCustomQueues } from './customQueues.js';
import { findOrder } from './repo.js';
import {
  openQueue,
  listOrders,
  orderIdOf,
  setOrderValues,
  withAge,
  type OrdersListRequest,
  type ValueChange,
} from './service.js';
import { orderForRole } from './visibleFields.js';

/**
 * The queue a list is narrowed to (openQueue checks the role may open it). Only a list of given ids
 * (react-admin's getMany, for references) goes without one, and reaches only the orders of the queues
 * the role may open (openQueuesOf).
 */
function queueOf(app: FastifyInstance, member: Member, query: ListQuery): QueueDefinition | undefined {
  const filter = query.filters.find((f) => f.source === 'queue');
  if (!filter) {
    if (!query.filters.some((f) => f.source === 'order_id')) throw badRequest('Filter queue is required.');
    return undefined;
  }
  if (filter.op !== 'eq') throw badRequest('Filter queue takes one queue.');
  return openQueue(member, String(filter.value), configuredCustomQueues(app));
}

/** The built-in and custom queues a role may open. */
const openQueuesOf = (app: FastifyInstance, role: Role) =>
  [...QUEUES, ...configuredCustomQueues(app)].filter((queue) => mayOpenQueue(queue, role));

/**
 * /api/orders in ra-data-simple-rest's terms as a list request: the queue (filter `queue`), the search
 * of search-order (filter `q`), the other registry filters, the sort and the range.
 */
export function listRequest(app: FastifyInstance, member: Member, query: ListQuery): OrdersListRequest {
  const text = query.filters.find((f) => f.source === 'q');
  const queue = queueOf(app, member, query);
  return {
    queue,
    openQueues: queue ? undefined : openQueuesOf(app, member.type),
    filters: query.filters.filter((f) => f.source !== 'queue' && f.source !== 'q'),
    text: text ? String(text.value).trim() || undefined : undefined,
    sort: query.sort.source,
    direction: query.sort.order,
    offset: query.start,
    limit: query.end - query.start + 1,
  };
}

/**
 * Each row's latest mail, when the provider reported it bounced: the address and why (a bounce
 * shows in the queue row). One query for the page.
 */
async function withMailBounce(app: FastifyInstance, rows: Record<string, unknown>[]) {
  if (!rows.length) return rows;
  const latest = app
    .db('mail_outbox')
    .whereIn(
      'order_id',
      rows.map((row) => Number(row.order_id)),
    )
    .groupBy('order_id')
    .max('id');
  const bounced = await app
    .db('mail_outbox')
    .whereIn('id', latest)
    .whereNotNull('bounced_at')
    .select('order_id', 'to_email', 'bounce_reason');
  if (!bounced.length) return rows;
  const byId = new Map(bounced.map((mail) => [Number(mail.order_id), mail]));
  return rows.map((row) => {
    const mail = byId.get(Number(row.order_id));
    return mail ? { ...row, mail_bounced_to: mail.to_email, mail_bounce_reason: mail.bounce_reason } : row;
  });
}

/**
 * The custom values of PUT /api/orders/:id, checked: each a custom field the role may read (any other
 * custom key is unknown to it) and may edit (403 naming it), with a value its type and rules take (400
 * naming it). The rest of the record, as react-admin sends it back, is not changed here.
 */
function valueChangesOf(orders: ResourceDefinition, role: Role, body: Row): ValueChange[] {
  const changes: ValueChange[] = [];
  for (const [key, given] of Object.entries(body)) {
    const field = orders.fields.find((f) => f.source === key);
    if (!field?.custom) continue;
    if (!mayReadField(field, role)) throw badRequest(`${key} is not a field of this form.`);
    if (!field.editRoles?.includes(role)) throw forbidden(`You may not change ${field.labelText?.en ?? key} (${key}).`);
    changes.push({ field: key, type: customTypeOf(field), value: checkGivenValue(field, given) });
  }
  if (!changes.length) throw badRequest('Please send the value of a custom field to change.');
  return changes;
}

/** The version a PUT names (the stale-write guard), if it names one. */
function versionOf(body: Row): number | undefined {
  const { version } = body;
  if (version === undefined || version === null) return undefined;
  if (!Number.isInteger(version) || (version as number) < 0) throw badRequest('version must be a whole number.');
  return version as number;
}

/** One order's row with its custom values (null when none), as GET /api/orders/:id and a PUT answer it. */
async function oneOrder({ app }: ResourceContext, id: string): Promise<Row | undefined> {
  const orderId = orderIdOf(id);
  const order = orderId === null ? undefined : await findOrder(app.db, orderId);
  if (!order) return undefined;
  const [withValues] = await withCustomValues(app.db, [order], customFieldsOf(app.registry.orders));
  return { ...withValues, encodedId: encodeId(orderId!) };
}

/**
 * orders: the queue Lists and the order page (Show); changes are the order actions, and PUT for the
 * custom fields' values.
 */
export const ordersRepository: ResourceRepository = {
  async list({ app, member }, query) {
    const result = await listOrders(app.db, app.registry, member, listRequest(app, member, query));
    // Each row with its age since payment (domain/sla.ts); its SLA clock is a column of its own.
    const rows = await withMailBounce(app, withAge(result.rows));
    return { ...result, rows: rows.map(orderForRole(app.registry, member.type)) };
  },
  one: oneOrder,
  update: {
    async run(ctx, id, body) {
      const orderId = orderIdOf(id);
      if (orderId === null) throw notFound('Record not found.');
      const values = valueChangesOf(ctx.app.registry.orders!, ctx.member.type, body);
      await setOrderValues(ctx.app.db, ctx.member, orderId, values, versionOf(body));
      return (await oneOrder(ctx, id))!;
    },
  },
};
