import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import {
  can,
  DATE_FORMATS,
  DEFAULT_MAIL_PROVIDER,
  dayjs,
  describeChange,
  encodeId,
  assignRefusal,
  moveRefusal,
  orderAgeMinutes,
  refundRefusal,
  restoreRefusal,
  unassignRefusal,
  type OrderActor,
  type OrderRefusal,
  isOverdue,
  nowUtc,
  QUEUES,
  queueByOrderName,
  statusLabel,
  TEXTS,
  todayUtc,
  tryDecodeId,
  WORK_DONE_STATUSES,
  type QueueDefinition,
  type QueueFilter,
  type SlaFacts,
  type Status,
} from '@app/domain';
import { dialectOf } from '../../db/knex.js';
import { withTransactionRetry } from '../../db/retry.js';
import { badRequest, conflict, forbidden, notFound } from '../../http.js';
import type { Member } from '../../types.js';
import { lastAuditEventOf, recordAudit, statusesBeforeDelete, type AuditEvent } from '../audit/service.js';
import { announceOrderChanges } from '../events/service.js';
import { enqueueMail, type QueuedMail } from '../mail/outbox.js';
import { applyReportRollupChanges } from '../reports/rollups.js';
import {
  applyCounterChanges,
  isRankedQueue,
  planRankedRead,
  queueCount,
  queueCounts,
  queueTotal,
  readCounters,
  readCountersFor,
  readQueueBlocks,
  type CounterRow,
} from './counters.js';
import {
  findOrderDetails,
  findOrderPage,
  findOrdersByIds,
  findSearchIds,
  lockOrders,
  monthCondition,
  queueCondition,
  searchConditions,
  updateOrder,
  type LockedOrder,
  type SortColumn,
} from './repo.js';
import { SEARCH_REQUIRED } from './schemas.js';

/**
 * Search totals stop counting here: 100 pages of 10, and the most matches each kind of match reads,
 * so a common name costs the same as a rare one on a million rows.
 */
export const SEARCH_TOTAL_CAP = 1_000;
const MAX_WINDOW = 500;

/** The queue grouped by process month (Future Orders). */
const MONTH_QUEUE = QUEUES.find((q) => q.columns === 'future')!;

/** Folder counts of several members from one read of the counters (the live streams' counts.changed). */
export async function folderCountsOf(db: Knex, members: Member[]): Promise<Map<number, Record<string, number>>> {
  const today = todayUtc();
  const rows = await readCounters(db);
  return new Map(members.map((m) => [m.id, queueCounts(rows, m.id, today)]));
}

export async function folderCounts(db: Knex, member: Member): Promise<Record<string, number>> {
  const today = todayUtc();
  return queueCounts(await readCountersFor(db, member.id, today), member.id, today);
}

/** The queue named by the client, if the member's role may open it. */
export function openQueue(member: Member, orderName: string): QueueDefinition {
  const queue = queueByOrderName(orderName);
  if (!queue) throw badRequest(`Unknown queue: ${orderName}.`);
  if (queue.permission && !can(member.type, queue.permission)) throw forbidden();
  return queue;
}

/** Counters rows of one process month ('YYYY-MM'); only New orders carry their date in the counters. */
const inMonth = (rows: CounterRow[], month: string) => rows.filter((r) => r.due_date.startsWith(`${month}-`));

export interface QueuePageOptions {
  page: number;
  limit: number;
  sort: string;
  order: string;
  month?: string;
  /** Index entries a page may walk from either end before the rank blocks are read (tests set 0). */
  edgeWalk?: number;
}

/**
 * How a page is sorted in SQL. Age ascending is youngest first. Where the filters allow unfinished
 * orders only, every age still runs, so that is the time of payment newest first (the status/paid_at
 * index); where they allow finished orders only, every age is the one kept when the work was done
 * (the status/work_minutes index). A mix is sorted by the age worked out for each row.
 */
export function sqlSort(
  filters: QueueFilter[],
  sort: SortColumn,
  direction: 'asc' | 'desc',
): { sort: SortColumn; direction: 'asc' | 'desc' } {
  if (sort !== 'age_minutes') return { sort, direction };
  const only = (done: boolean) =>
    filters.some((f) => f.statusIn?.length && f.statusIn.every((s) => WORK_DONE_STATUSES.includes(s) === done));
  if (only(true)) return { sort: 'work_minutes', direction };
  if (only(false)) return { sort: 'paid_at', direction: direction === 'asc' ? 'desc' : 'asc' };
  return { sort, direction };
}

/** A queue that is one status and nothing else is walked in order id order by (process_status, order_id). */
const indexFor = ({ filter }: QueueDefinition) =>
  Object.keys(filter).length === 1 && filter.statusIn?.length === 1 ? 'orders_status_id' : undefined;

/** Index entries a page walk may take from either end of a queue before the rank blocks are read instead. */
const EDGE_WALK = 1_000;

/**
 * One page of a queue, with its total from the counters (SPEC section 3: counts are the pagination
 * totals). Pages past the middle are read from the other end, as the total is exact, so the index
 * walk is never longer than half the queue.
 */
export async function listQueue(db: Knex, member: Member, queue: QueueDefinition, options: QueuePageOptions) {
  if (options.month && queue !== MONTH_QUEUE) throw badRequest(`month is only for ${MONTH_QUEUE.orderName}.`);
  const today = todayUtc();
  const conditions = [queueCondition(queue.filter, member.id, today)];
  if (options.month) conditions.push(monthCondition(options.month));
  const total = await queueTotal(db, queue.filter, member.id, today, options.month);
  const { sort, direction } = sqlSort(
    [queue.filter],
    (options.sort || 'order_id') as SortColumn,
    options.order.toLowerCase() === 'asc' ? 'asc' : 'desc',
  );
  const offset = (options.page - 1) * options.limit;
  const index = sort === 'order_id' ? indexFor(queue) : undefined;
  // Near either end of the queue a plain index walk is shorter than reading the rank blocks (hundreds
  // of rows at ten million orders), and first pages are most of the traffic.
  const edgeWalk = options.edgeWalk ?? EDGE_WALK;
  const nearEnd = offset + options.limit <= edgeWalk || total - offset <= edgeWalk;
  if (sort === 'order_id' && !options.month && !nearEnd && isRankedQueue(queue.filter)) {
    const read = planRankedRead(await readQueueBlocks(db, queue.filter, direction), direction, offset, options.limit);
    if (!read) return { orders: [], total };
    const orders = await findOrderPage(db, conditions, { sort, index, ...read });
    return { orders: read.reversed ? orders.reverse() : orders, total };
  }
  if (sort === 'order_id' && offset > total / 2 && offset < total) {
    const limit = Math.min(options.limit, total - offset);
    const reversed = await findOrderPage(db, conditions, {
      sort,
      direction: direction === 'asc' ? 'desc' : 'asc',
      offset: total - offset - limit,
      limit,
      index,
    });
    return { orders: reversed.reverse(), total };
  }
  const orders = await findOrderPage(db, conditions, { sort, direction, offset, limit: options.limit, index });
  return { orders, total };
}

/** A page of a queue and the queue's total, as listQueue reads them. */
export type QueuePage = Awaited<ReturnType<typeof listQueue>>;

/**
 * A page of a queue through the process's page cache (pageCache.ts): the same page for everyone who may
 * open the queue, or for the member alone when the queue is theirs (My Orders), on the same day.
 */
export function readQueuePage(app: FastifyInstance, member: Member, queue: QueueDefinition, options: QueuePageOptions) {
  const { page, limit, sort, order, month } = options;
  const owner = queue.filter.assignedToMe ? member.id : '';
  const direction = order.toLowerCase() === 'asc' ? 'asc' : 'desc';
  const key = [queue.orderName, owner, todayUtc(), page, limit, sort || 'order_id', direction, month ?? ''];
  return app.queuePages.get(key.join('|'), () => listQueue(app.db, member, queue, options));
}

/**
 * Queue rows with their SLA age: minutes since payment (until the work was done), and whether the order is overdue under the
 * limits of the config (the rule is domain/sla.ts, which the admin reads too).
 */
export function withSlaAge(
  rows: Record<string, unknown>[],
  limits: { slaPriorityHours: number; slaStandardHours: number },
  now = Date.now(),
) {
  const sla = { priorityHours: limits.slaPriorityHours, standardHours: limits.slaStandardHours };
  return rows.map((row) => {
    const facts = row as unknown as SlaFacts;
    return { ...row, age_minutes: orderAgeMinutes(facts, now), overdue: isOverdue(facts, now, sla) };
  });
}

/** The Future Order month tiles: this month and the eleven after it, with their counts. */
export async function futureMonths(db: Knex, member: Member) {
  const counters = await readCounters(db);
  const today = todayUtc();
  const first = dayjs.utc(today).startOf('month');
  return Array.from({ length: 12 }, (_, i) => {
    const month = first.add(i, 'month');
    const key = month.format('YYYY-MM');
    return {
      month: key,
      label: month.format(DATE_FORMATS.processMonth),
      count: queueCount(inMonth(counters, key), MONTH_QUEUE, member.id, today),
    };
  });
}

/**
 * Rows `start` to `end` of a queue narrowed by a search. Each kind of match gives its newest ids (at
 * least `end`, and up to the total's cap); merged without repeats they give both the window and the
 * total, which is exact below `cap`.
 */
export async function searchQueue(
  db: Knex,
  member: Member,
  queue: QueueDefinition,
  { start, end, searchVal }: { start: number; end: number; searchVal: string },
  cap = SEARCH_TOTAL_CAP,
) {
  const text = searchVal.trim();
  if (!text) throw badRequest(SEARCH_REQUIRED);
  if (end <= start) throw badRequest('end must be greater than start.');
  if (end - start > MAX_WINDOW) throw badRequest(`At most ${MAX_WINDOW} rows can be read at once.`);
  const within = [queueCondition(queue.filter, member.id, todayUtc())];
  const ids = await findSearchIds(db, within, searchConditions(text, dialectOf(db)), Math.max(end, cap));
  const orders = await findOrdersByIds(db, ids.slice(start, end));
  return { orders, total: Math.min(ids.length, cap) };
}

/** An order id given plain or encoded as in view-order links; null when it is neither. */
export const orderIdOf = (idText: string): number | null =>
  /^\d{1,15}$/.test(idText) ? Number(idText) : tryDecodeId(idText);

/** The view-order page's data; the id may be plain or encoded as in view-order links. */
export async function orderDetails(db: Knex, idText: string) {
  const orderId = orderIdOf(idText);
  if (orderId === null) throw badRequest('Invalid order id.');
  const details = await findOrderDetails(db, orderId);
  if (!details) throw notFound('Order not found.');
  return { ...details, encodedId: encodeId(orderId) };
}

/** What happens to one order, decided from its locked current state; null leaves it as it is. */
interface OrderChange {
  patch: Record<string, unknown>;
  event: Omit<AuditEvent, 'orderId'>;
  mail?: QueuedMail;
}

/** The version of each order a member saw when deciding a change (the stale-write guard), by order id. */
export type SeenVersions = ReadonlyMap<number, number>;

/** A request's additive `version` (one per order id, in the same order) as SeenVersions; none: no guard. */
export function seenVersions(orderIds: number[], versions: number[] | number | undefined): SeenVersions | undefined {
  if (versions === undefined) return undefined;
  if (typeof versions === 'number') versions = [versions];
  if (versions.length !== orderIds.length) throw badRequest('Please send one version for each order id.');
  return new Map(orderIds.map((id, i) => [id, versions[i]!]));
}

/** Refuses a change decided on an older version of an order, naming who changed it since and to what. */
async function refuseStale(trx: Knex.Transaction, orders: LockedOrder[], seen: SeenVersions | undefined) {
  const stale = orders.find((o) => seen?.has(Number(o.order_id)) && seen.get(Number(o.order_id)) !== Number(o.version));
  if (!stale) return;
  const last = await lastAuditEventOf(trx, stale.order_id);
  const what = describeChange({ action: last?.action ?? '', status: stale.process_status, assignTo: stale.assign_to });
  throw conflict(
    `Order ${stale.order_id} was changed after you opened it: ${last?.member_name ?? 'someone else'} ${what}. ` +
      'Its new state is loaded; please check it and try again.',
  );
}

/**
 * The clock of an order's age stops when its work is done: the first time it reaches a done status
 * (moves between done statuses keep that time), and runs again if it goes back to unfinished work.
 */
function finishedPatch(order: LockedOrder, status: string | undefined) {
  // A delete keeps the time: a restored order is where it was.
  if (status === undefined || status === order.process_status || status === 'Deleted') return {};
  const done = WORK_DONE_STATUSES.includes(status);
  if (done && order.finished_at) return {};
  if (!done) return { finished_at: null, work_minutes: null };
  const now = Date.now();
  return { finished_at: nowUtc(new Date(now)), work_minutes: orderAgeMinutes({ ...order, finished_at: null }, now) };
}

/** A refusal of the order rules (domain orderRules.ts) as the API's answer. */
function refuseIf(refusal: OrderRefusal | null) {
  if (!refusal) return;
  const error = { 400: badRequest, 403: forbidden, 409: conflict }[refusal.status];
  throw error(refusal.message);
}

const actorOf = (member: Member): OrderActor => ({ id: member.id, type: member.type });

/**
 * The one way orders change, inside the caller's transaction: lock them, refuse the batch if any
 * changed since the member saw it (`seen`), decide each change, then write the rows (each change
 * increments the order's version), the queue counters, the audit events and any mail together, and
 * announce the changes on the live streams once committed. A decision may throw to refuse the whole
 * batch. Answers how many orders changed.
 */
export async function changeOrdersIn(
  trx: Knex.Transaction,
  member: Member,
  orderIds: number[],
  decide: (order: LockedOrder) => OrderChange | null,
  seen?: SeenVersions,
): Promise<number> {
  const ids = [...new Set(orderIds)].sort((a, b) => a - b);
  const orders = await lockOrders(trx, ids);
  const missing = ids.find((id) => !orders.some((o) => Number(o.order_id) === id));
  if (missing !== undefined) throw notFound(`Order ${missing} was not found.`);
  await refuseStale(trx, orders, seen);
  const changes = [];
  const events: AuditEvent[] = [];
  for (const order of orders) {
    const change = decide(order);
    if (!change) continue;
    Object.assign(change.patch, finishedPatch(order, change.patch.process_status as string | undefined));
    const after = { ...order, ...change.patch, version: Number(order.version) + 1 } as LockedOrder;
    await updateOrder(trx, order.order_id, { ...change.patch, version: after.version, updated_at: nowUtc() });
    changes.push({ before: order, after, action: change.event.action });
    events.push({ ...change.event, orderId: order.order_id });
    if (change.mail) await enqueueMail(trx, change.mail);
  }
  await applyCounterChanges(trx, changes);
  await applyReportRollupChanges(trx, changes);
  await recordAudit(trx, member, events);
  announceOrderChanges(trx, member, changes);
  return events.length;
}

const changeOrders = (
  db: Knex,
  member: Member,
  orderIds: number[],
  seen: SeenVersions | undefined,
  decide: Parameters<typeof changeOrdersIn>[3],
) => withTransactionRetry(db, (trx) => changeOrdersIn(trx, member, orderIds, decide, seen));

/**
 * A change kept outside the order's row (a comment, transaction details) is still a change of the
 * order, in the caller's transaction: a stale version is refused, the version moves, it is audited
 * and announced.
 */
export const touchOrderIn = (
  trx: Knex.Transaction,
  member: Member,
  orderId: number,
  event: Omit<AuditEvent, 'orderId'>,
  seenVersion: number | undefined,
) => changeOrdersIn(trx, member, [orderId], () => ({ patch: {}, event }), seenVersions([orderId], seenVersion));

/**
 * Assign to me, first come first served: the rows are locked before they are read, so of members
 * assigning at once exactly one finds the order free. One order held by someone else refuses the request.
 */
export async function assignOrders(db: Knex, member: Member, orderIds: number[], seen?: SeenVersions) {
  await changeOrders(db, member, orderIds, seen, (order) => {
    if (order.assignee_id != null && Number(order.assignee_id) === member.id) return null;
    refuseIf(assignRefusal(actorOf(member), order));
    return {
      patch: { assignee_id: member.id, assign_to: member.name, assigned_at: nowUtc() },
      event: { action: 'assign', from: null, to: member.name },
    };
  });
  return TEXTS.assigned;
}

const unassignChange = (order: LockedOrder): OrderChange => ({
  patch: { assignee_id: null, assign_to: null, assigned_at: null },
  event: { action: 'unassign', from: order.assign_to, to: null },
});

/** Move to Original Folder: a member hands back orders assigned to them. */
export async function unassignOrders(db: Knex, member: Member, orderIds: number[], seen?: SeenVersions) {
  await changeOrders(db, member, orderIds, seen, (order) => {
    if (order.assignee_id == null) return null;
    refuseIf(unassignRefusal(actorOf(member), order));
    return unassignChange(order);
  });
  return 'Order has been moved back to its original folder.';
}

/** Hands back every order a member holds, in the caller's transaction (when the member is deleted). */
export async function releaseOrdersOf(trx: Knex.Transaction, actor: Member, memberId: number): Promise<number> {
  const held: number[] = await trx('orders').where({ assignee_id: memberId }).pluck('order_id');
  return held.length ? changeOrdersIn(trx, actor, held.map(Number), unassignChange) : 0;
}

/** Moves orders to one of the eight targets (SPEC section 4); orders already there stay as they are. */
export async function moveOrders(
  db: Knex,
  member: Member,
  orderIds: number[],
  status: Status,
  seen?: SeenVersions,
): Promise<string> {
  if (status === 'Deleted' && !can(member.type, 'orders.delete')) {
    throw forbidden('Only an Admin or a Manager can delete orders.');
  }
  const moved = await changeOrders(db, member, orderIds, seen, (order) => {
    if (order.process_status === status) return null;
    refuseIf(moveRefusal(actorOf(member), order, status));
    return {
      // "Completed Refunds" only files the order under Refunds: the refund itself is "Refunded it".
      patch: { process_status: status },
      event: { action: status === 'Deleted' ? 'delete' : 'move', from: order.process_status, to: status },
    };
  });
  if (moved === 0) {
    throw badRequest(`${orderIds.length > 1 ? 'These orders are' : 'The order is'} already in ${statusLabel(status)}.`);
  }
  if (status === 'Deleted') return TEXTS.deleted;
  return moved > 1 ? `${moved} orders moved to ${statusLabel(status)}.` : `Order moved to ${statusLabel(status)}.`;
}

/**
 * Restore to where it was: Deleted orders go back to the status they had before their delete, as the
 * audit trail recorded it (which may be New: no move target leads there). An order without a recorded
 * delete refuses the batch whole; it can still be moved to one of the targets.
 */
export async function restoreOrders(db: Knex, member: Member, orderIds: number[], seen?: SeenVersions) {
  const restored = await db.transaction(async (trx) => {
    // Locked before the trail is read, so that the status found is the one of the delete being undone.
    await lockOrders(
      trx,
      [...new Set(orderIds)].sort((a, b) => a - b),
    );
    const before = await statusesBeforeDelete(trx, orderIds);
    const restore = (order: LockedOrder): OrderChange => {
      refuseIf(restoreRefusal(actorOf(member), order));
      const status = before.get(Number(order.order_id));
      if (!status) {
        throw conflict(
          `Order ${order.order_id} has no recorded status from before its delete; please move it to one of the statuses.`,
        );
      }
      return {
        patch: { process_status: status },
        event: { action: 'restore', from: order.process_status, to: status },
      };
    };
    return changeOrdersIn(trx, member, orderIds, restore, seen);
  });
  return restored > 1 ? `${restored} orders restored to where they were.` : 'Order restored to where it was.';
}

/**
 * Refunded it: the orders are refunded now and each customer gets a refund mail. Once per order: the
 * refund date says it was recorded (an order filed under Refunds by "Completed Refunds" has none yet).
 */
export async function refundOrders(db: Knex, member: Member, orderIds: number[], seen?: SeenVersions) {
  const refunded = await changeOrders(db, member, orderIds, seen, (order) => {
    // A second "Refunded it" would mail the customer again and rewrite the refund date.
    refuseIf(refundRefusal(actorOf(member), order));
    return {
      patch: { process_status: 'Refunds', refund_date: nowUtc() },
      event: { action: 'refund', from: order.process_status, to: 'Refunds' },
      mail: {
        orderId: order.order_id,
        kind: 'refund',
        provider: DEFAULT_MAIL_PROVIDER,
        to: order.email,
        subject: `Your refund for order ${order.order_id}`,
        payload: { orderId: order.order_id },
        createdById: member.id,
      },
    };
  });
  return refunded > 1
    ? `${refunded} orders refunded; the customers will be mailed.`
    : 'Order refunded; the customer will be mailed.';
}
