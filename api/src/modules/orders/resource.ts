import type { FastifyInstance } from 'fastify';
import { encodeId, type QueueDefinition } from '@app/domain';
import { badRequest } from '../../http.js';
import type { Member } from '../../types.js';
import type { ListQuery, ResourceRepository } from '../../core/resources.js';
import { findOrder } from './repo.js';
import { openQueue, orderIdOf, readOrders, withSlaAge, type OrdersListRequest } from './service.js';
import { orderForRole } from './visibleFields.js';

/**
 * The queue a list is narrowed to (openQueue checks the role may open it). Only a list of given ids
 * (react-admin's getMany, for references) goes without one: each of those orders may be opened anyway.
 */
function queueOf(member: Member, query: ListQuery): QueueDefinition | undefined {
  const filter = query.filters.find((f) => f.source === 'queue');
  if (!filter) {
    if (!query.filters.some((f) => f.source === 'order_id')) throw badRequest('Filter queue is required.');
    return undefined;
  }
  if (filter.op !== 'eq') throw badRequest('Filter queue takes one queue.');
  return openQueue(member, String(filter.value));
}

/**
 * /api/orders in ra-data-simple-rest's terms as a list request: the queue (filter `queue`), the search
 * of search-order (filter `q`), the other registry filters, the sort and the range.
 */
function listRequest(member: Member, query: ListQuery): OrdersListRequest {
  const text = query.filters.find((f) => f.source === 'q');
  return {
    queue: queueOf(member, query),
    filters: query.filters.filter((f) => f.source !== 'queue' && f.source !== 'q'),
    text: text ? String(text.value).trim() || undefined : undefined,
    sort: query.sort.source,
    direction: query.sort.order,
    offset: query.start,
    limit: query.end - query.start + 1,
  };
}

/**
 * Each row's latest mail, when the provider reported it bounced: the address and why (issue 24: a bounce
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

/** orders: the queue Lists and the order page (Show); changes are the order actions, not PUT. */
export const ordersRepository: ResourceRepository = {
  async list({ app, member }, query) {
    const result = await readOrders(app, member, listRequest(member, query));
    // Each row with its SLA age under this server's limits (domain/sla.ts).
    const rows = await withMailBounce(app, withSlaAge(result.rows, app.config));
    return { ...result, rows: rows.map(orderForRole(app.registry, member.type)) };
  },
  async one({ app }, id) {
    const orderId = orderIdOf(id);
    const order = orderId === null ? undefined : await findOrder(app.db, orderId);
    return order && { ...order, encodedId: encodeId(orderId!) };
  },
};
