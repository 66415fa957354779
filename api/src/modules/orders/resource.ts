import type { FastifyInstance } from 'fastify';
import { encodeId, todayUtc, type QueueDefinition, type QueueFilter, type Status } from '@app/domain';
import { dialectOf } from '../../db/knex.js';
import { whereFilter } from '../../db/list.js';
import { badRequest } from '../../http.js';
import type { Member } from '../../types.js';
import type { ListFilter, ListQuery, ListResult, ResourceRepository } from '../resources/types.js';
import { queueTotal } from './counters.js';
import {
  countOrdersUpTo,
  findOrder,
  findOrderPage,
  findSearchIds,
  queueCondition,
  searchConditions,
  type OrderCondition,
  type SortColumn,
} from './repo.js';
import { openQueue, orderIdOf, readQueuePage, SEARCH_TOTAL_CAP, sqlSort, withSlaAge } from './service.js';
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
 * Splits the list filters into those the order counters can count (status, mode, assignee, and the
 * processing date of a queue of New orders only, as the counters keep the date of New orders alone)
 * and the rest, which are counted up to a cap.
 */
function splitFilters(filters: ListFilter[], queue: QueueDefinition | undefined) {
  const counted: QueueFilter = {};
  const others: ListFilter[] = [];
  let text: string | undefined;
  const values = (f: ListFilter) => (f.op === 'in' ? (f.value as unknown[]) : [f.value]);
  const onlyNew =
    queue?.filter.statusIn?.length === 1 && queue.filter.statusIn[0] === 'New' && !queue.filter.statusNotIn;
  for (const f of filters) {
    if (f.source === 'queue') continue;
    if (f.source === 'q') text = String(f.value).trim() || undefined;
    else if (f.source === 'process_status') counted.statusIn = values(f) as Status[];
    else if (f.source === 'processing_mode') counted.modeIn = values(f) as QueueFilter['modeIn'];
    else if (f.source === 'assignee_id') counted.assigneeIn = values(f) as number[];
    else if (f.source === 'processing_date' && onlyNew && f.op === 'gte') counted.processingDateFrom = String(f.value);
    else if (f.source === 'processing_date' && onlyNew && f.op === 'lte') counted.processingDateTo = String(f.value);
    else others.push(f);
  }
  return { counted, others, text };
}

/**
 * The orders resource: a queue (filter `queue`) or every order, narrowed by the list filters and the
 * search of search-order (`q`). Totals come from the counters when they can count the filters; a
 * search or another filter is counted up to SEARCH_TOTAL_CAP and marked capped beyond it.
 */
async function listOrders(app: FastifyInstance, member: Member, query: ListQuery): Promise<ListResult> {
  const { db } = app;
  const today = todayUtc();
  const queue = queueOf(member, query);
  const { counted, others, text } = splitFilters(query.filters, queue);
  const queueFilters = [queue?.filter ?? {}, counted];
  const conditions: OrderCondition[] = [
    ...queueFilters.map((f) => queueCondition(f, member.id, today)),
    ...others.map(
      (f): OrderCondition =>
        (q) =>
          whereFilter(q, f.column, f),
    ),
  ];
  // Age sorts as shown (the registry names its column, paid_at, for the role checks).
  const { sort, direction } = sqlSort(
    queueFilters,
    (query.sort.source === 'age_minutes' ? 'age_minutes' : query.sort.column) as SortColumn,
    query.sort.order,
  );
  const limit = query.end - query.start + 1;

  if (text) {
    const ids = await findSearchIds(db, conditions, searchConditions(text, dialectOf(db)), SEARCH_TOTAL_CAP + 1);
    const within = ids.slice(0, SEARCH_TOTAL_CAP);
    const rows = within.length
      ? await findOrderPage(db, [...conditions, (q) => q.whereIn('order_id', within)], {
          sort,
          direction,
          offset: query.start,
          limit,
        })
      : [];
    return { rows, total: within.length, capped: ids.length > SEARCH_TOTAL_CAP };
  }
  // A plain queue page in whole pages: the queue's own reader, which keeps deep pages short.
  if (queue && !others.length && !Object.keys(counted).length && query.start % limit === 0) {
    const page = { page: query.start / limit + 1, limit, sort, order: direction };
    const { orders, total } = await readQueuePage(app, member, queue, page);
    return { rows: orders, total };
  }
  const rows = await findOrderPage(db, conditions, { sort, direction, offset: query.start, limit });
  if (!others.length) return { rows, total: await queueTotal(db, queueFilters, member.id, today) };
  const matching = await countOrdersUpTo(db, conditions, SEARCH_TOTAL_CAP + 1);
  return { rows, total: Math.min(matching, SEARCH_TOTAL_CAP), capped: matching > SEARCH_TOTAL_CAP };
}

let orderColumns: Promise<Set<string>> | undefined;

/**
 * The queue readers select the columns the queue tables had when they were written. A list column
 * added in the registry alone (README "Extend a screen") is read here for the page's rows, by primary
 * key in one query, and only when the registry has such a column.
 */
async function withRegistryColumns(app: FastifyInstance, rows: Record<string, unknown>[]) {
  const first = rows[0];
  if (!first) return rows;
  orderColumns ??= app
    .db('orders')
    .columnInfo()
    .then((info) => new Set(Object.keys(info)));
  const columns = await orderColumns;
  const extra = (app.registry.orders?.fields ?? []).filter(
    (f) => f.places.includes('list') && !(f.source in first) && columns.has(f.column ?? f.source),
  );
  if (!extra.length) return rows;
  const found = await app
    .db('orders')
    .whereIn(
      'order_id',
      rows.map((row) => Number(row.order_id)),
    )
    .select(['order_id', ...extra.map((f) => `${f.column ?? f.source} as ${f.source}`)]);
  const byId = new Map(found.map((row) => [Number(row.order_id), row]));
  return rows.map((row) => ({ ...byId.get(Number(row.order_id)), ...row }));
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
    const result = await listOrders(app, member, query);
    // Each row with its SLA age under this server's limits (domain/sla.ts), before the registry's
    // columns are looked for: the age is one of them.
    const rows = await withMailBounce(app, await withRegistryColumns(app, withSlaAge(result.rows, app.config)));
    return { ...result, rows: rows.map(orderForRole(app.registry, member.type)) };
  },
  async one({ app }, id) {
    const orderId = orderIdOf(id);
    const order = orderId === null ? undefined : await findOrder(app.db, orderId);
    return order && { ...order, encodedId: encodeId(orderId!) };
  },
};
