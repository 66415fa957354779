import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import {
  can,
  describeChange,
  assignRefusal,
  moveRefusal,
  orderAgeMinutes,
  refundRefusal,
  restoreRefusal,
  unassignRefusal,
  type OrderActor,
  type OrderRefusal,
  matchesQueue,
  mayOpenQueue,
  nowUtc,
  queueByOrderName,
  todayUtc,
  type QueueDefinition,
  statusLabel,
  TEXTS,
  WORK_DONE_STATUSES,
  readStoredValue,
  type CustomFieldType,
  type CustomValue,
  type FieldDefinition,
  type Status,
} from '@app/domain';
import type { AppConfig } from '../../config.js';
import type { Clock } from '../../core/clock.js';
import { withTransactionRetry } from '../../db/retry.js';
import { badRequest, conflict, forbidden, notFound } from '../../http.js';
import type { Member } from '../../types.js';
import { lastAuditEventOf, recordAudit, statusesBeforeDelete, type AuditEvent } from '../audit/service.js';
import { announceOrderChanges } from '../events/service.js';
import { queueTemplateMail } from '../mail/service.js';
import { queueReportRollupChanges } from '../reports/service.js';
import { applyCounterChanges } from './counters.js';
import { customFieldsOf, customValuesOnce, storedRow, type CustomValuesRead } from './customFields.js';
import { applyCustomQueueChanges, customQueueIdOf, customQueueMembership } from './customQueues.js';
import { findNextCandidates, lockOrders, queueCondition, updateOrder, type LockedOrder } from './repo.js';

/** A custom queue's membership as a condition (its statuses are its filter); none for a built-in queue. */
const customMembershipOf = (queue: QueueDefinition) => {
  const id = customQueueIdOf(queue);
  return id ? [customQueueMembership(id)] : [];
};

/**
 * Changing orders: every action (assign, hand back, move, delete, restore, refund) and every change kept
 * beside an order (a comment, a document, transaction details) goes through changeOrdersIn.
 */

/** A custom field's new value (null: none), kept in order_values. */
export interface ValueChange {
  field: string;
  type: CustomFieldType;
  value: CustomValue | null;
}

/**
 * What happens to one order, decided from its locked current state; null leaves it as it is. Custom
 * values changed are audited one event each ('field'); a change of values alone needs no other event,
 * and one whose values are all as they were changes nothing.
 */
export interface OrderChange {
  patch: Record<string, unknown>;
  /** One event, or several for a change made of several actions (a rule's or a macro's). */
  event?: Omit<AuditEvent, 'orderId'> | Array<Omit<AuditEvent, 'orderId'>>;
  values?: ValueChange[];
}

/** The audit trail's from and to columns keep this much of a value; its detail keeps it whole. */
const AUDIT_VALUE_LENGTH = 64;
const auditText = (value: CustomValue | null) => (value === null ? null : String(value).slice(0, AUDIT_VALUE_LENGTH));

/**
 * Writes an order's custom values (a row per value, none for no value) and answers the audit events of
 * those that changed.
 */
async function writeValues(trx: Knex.Transaction, orderId: number, values: ValueChange[]) {
  const rows = await trx('order_values')
    .select('field_id', 'value_text', 'value_number', 'value_long')
    .where({ order_id: orderId })
    .whereIn(
      'field_id',
      values.map((v) => v.field),
    );
  const events: Array<Omit<AuditEvent, 'orderId'>> = [];
  for (const { field, type, value } of [...values].sort((a, b) => (a.field < b.field ? -1 : 1))) {
    const row = rows.find((r) => r.field_id === field);
    const before = row ? readStoredValue(type, row) : null;
    if (before === value) continue;
    if (value === null) await trx('order_values').where({ order_id: orderId, field_id: field }).del();
    // changed_at: rules timed on a date field find a value set since their last pass by it.
    else
      await trx('order_values')
        .insert({ ...storedRow(orderId, field, type, value), changed_at: nowUtc(nowOf(trx)) })
        .onConflict(['order_id', 'field_id'])
        .merge(['value_text', 'value_number', 'value_long', 'changed_at']);
    events.push({
      action: 'field',
      from: auditText(before),
      to: auditText(value),
      detail: JSON.stringify({ field, from: before, to: value }),
    });
  }
  return events;
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

/** An order change once committed, as those who follow changes get it. */
export interface CommittedChange {
  orderId: number;
  before: LockedOrder;
  after: LockedOrder;
  events: Array<Omit<AuditEvent, 'orderId'>>;
}

/**
 * What made a change besides the member: a rule's firing (`depth` rules down a chain) or a macro. Its
 * audit events say so in their detail (`{"rule": id}`); an event whose detail is text of its own (a
 * comment) keeps it, and the run log names the rule.
 */
export interface ChangeCause {
  rule?: number;
  macro?: number;
  depth: number;
}

function taggedDetail(detail: string | null | undefined, cause: ChangeCause | undefined) {
  if (!cause) return detail;
  const tag = cause.rule !== undefined ? { rule: cause.rule } : { macro: cause.macro };
  if (detail == null) return JSON.stringify(tag);
  const own = jsonObjectOf(detail);
  return own ? JSON.stringify({ ...own, ...tag }) : detail;
}

function jsonObjectOf(text: string): object | null {
  if (!text.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

export type OrderChangeFollower = (member: Member, changes: CommittedChange[], cause: ChangeCause | undefined) => void;

/**
 * Derives columns of orders' rows (their SLA clocks) from the rows as the change will write them (whole, as
 * locked, with the change applied) and their custom values, in the change's transaction: answers each order's
 * derived columns by id, written in the row's one UPDATE.
 */
export type OrderWriteKeeper = (
  trx: Knex.Transaction,
  orders: LockedOrder[],
  values: CustomValuesRead,
) => Promise<Map<number, Record<string, unknown>>>;

/**
 * What the change path needs of the app serving a database, found by the database's client config (a
 * transaction shares it): its clock, who follows its committed changes (automation's event rules), and
 * who keeps what is derived from the rows written (the SLA clocks).
 */
const served = new WeakMap<
  object,
  {
    clock: Clock;
    customFields: () => FieldDefinition[];
    followers: OrderChangeFollower[];
    keepers: OrderWriteKeeper[];
  }
>();

export function serveOrderChanges(app: FastifyInstance) {
  served.set(app.db.client.config as object, {
    clock: app.clock,
    customFields: () => customFieldsOf(app.registry.orders),
    followers: [],
    keepers: [],
  });
}

/**
 * Calls `keeper` in each change's transaction with the orders whose row or values it changes, before their rows
 * are written.
 */
export function keepOnOrderWrites(app: FastifyInstance, keeper: OrderWriteKeeper) {
  served.get(app.db.client.config as object)?.keepers.push(keeper);
}

/** Calls `follower` after each change of orders commits (never for one rolled back). */
export function followOrderChanges(app: FastifyInstance, follower: OrderChangeFollower) {
  served.get(app.db.client.config as object)?.followers.push(follower);
}

const nowOf = (trx: Knex.Transaction) => served.get(trx.client.config as object)?.clock.now() ?? new Date();

/**
 * The one way orders change, inside the caller's transaction: lock them, refuse the batch if any
 * changed since the member saw it (`seen`), decide each change, then write the rows (each change
 * increments the order's version), the queue counters and the audit events together, and
 * announce the changes on the live streams once committed. A decision may throw to refuse the whole
 * batch. Answers how many orders changed.
 */
export async function changeOrdersIn(
  trx: Knex.Transaction,
  member: Member,
  orderIds: number[],
  decide: (order: LockedOrder) => OrderChange | null,
  seen?: SeenVersions,
  cause?: ChangeCause,
): Promise<number> {
  const ids = [...new Set(orderIds)].sort((a, b) => a - b);
  const orders = await lockOrders(trx, ids);
  const missing = ids.find((id) => !orders.some((o) => Number(o.order_id) === id));
  if (missing !== undefined) throw notFound(`Order ${missing} was not found.`);
  await refuseStale(trx, orders, seen);
  const decided: Array<{
    order: LockedOrder;
    patch: Record<string, unknown>;
    events: Array<Omit<AuditEvent, 'orderId'>>;
    action: string;
    derives: boolean;
  }> = [];
  for (const order of orders) {
    const change = decide(order);
    if (!change) continue;
    const valueEvents = change.values ? await writeValues(trx, order.order_id, change.values) : [];
    const ownEvents = [change.event ?? []].flat();
    if (!ownEvents.length && !valueEvents.length) continue;
    Object.assign(change.patch, finishedPatch(order, change.patch.process_status as string | undefined));
    // Time rules count from when the order entered its status.
    const status = change.patch.process_status;
    if (status !== undefined && status !== order.process_status) change.patch.status_entered_at = nowUtc(nowOf(trx));
    decided.push({
      order,
      patch: { ...change.patch, version: Number(order.version) + 1, updated_at: nowUtc() },
      events: [...ownEvents, ...valueEvents],
      action: ownEvents[0]?.action ?? 'field',
      // A change kept beside the order (a comment) moves its version only: nothing derived changes.
      derives: Object.keys(change.patch).length > 0 || Boolean(change.values?.length),
    });
  }
  const setup = served.get(trx.client.config as object);
  // Read once, after the values are written, by whichever step first needs them (SLA policies, custom queues).
  const values = customValuesOnce(
    trx,
    decided.map((d) => Number(d.order.order_id)),
    setup?.customFields() ?? [],
  );
  const deriving = decided.filter((d) => d.derives);
  for (const keep of deriving.length ? (setup?.keepers ?? []) : []) {
    const derived = await keep(
      trx,
      deriving.map((d) => ({ ...d.order, ...d.patch }) as LockedOrder),
      values,
    );
    for (const d of deriving) Object.assign(d.patch, derived.get(Number(d.order.order_id)));
  }
  const changes = [];
  const events: AuditEvent[] = [];
  const committed: CommittedChange[] = [];
  for (const { order, patch, events: orderEvents, action } of decided) {
    await updateOrder(trx, order.order_id, patch);
    const after = { ...order, ...patch } as LockedOrder;
    changes.push({ before: order, after, action, countsChanged: false });
    for (const event of orderEvents)
      events.push({ ...event, detail: taggedDetail(event.detail, cause), orderId: order.order_id });
    committed.push({ orderId: Number(order.order_id), before: order, after, events: orderEvents });
  }
  // Each statement is awaited before the next is sent: after a deadlock (or Galera's abort) the database has
  // rolled the transaction back, and a statement already sent behind the failed one would commit on its own.
  await applyCounterChanges(trx, changes);
  await queueReportRollupChanges(trx, changes);
  // Custom queues follow the orders' new state (rows and values): their counts change with them.
  const moved = await applyCustomQueueChanges(trx, { rows: changes.map((c) => c.after), values });
  for (const change of changes) change.countsChanged = moved.has(Number(change.after.order_id));
  await recordAudit(trx, member, events);
  announceOrderChanges(trx, member, changes);
  const followers = setup?.followers ?? [];
  if (committed.length && followers.length)
    trx.executionPromise.then(
      () => followers.forEach((follow) => follow(member, committed, cause)),
      () => undefined, // rolled back: nothing happened
    );
  return changes.length;
}

const changeOrders = (
  db: Knex,
  member: Member,
  orderIds: number[],
  seen: SeenVersions | undefined,
  decide: Parameters<typeof changeOrdersIn>[3],
) => withTransactionRetry(db, (trx) => changeOrdersIn(trx, member, orderIds, decide, seen));

/**
 * A change kept outside the order's row (a comment, a document) or of its own details (`patch`: the
 * transaction details) is still a change of the order, in the caller's transaction: a stale version is
 * refused, the version moves, it is audited and announced.
 */
export const touchOrderIn = (
  trx: Knex.Transaction,
  member: Member,
  orderId: number,
  event: Omit<AuditEvent, 'orderId'>,
  seenVersion: number | undefined,
  patch: Record<string, unknown> = {},
) =>
  changeOrdersIn(trx, member, [orderId], () => ({ patch: { ...patch }, event }), seenVersions([orderId], seenVersion));

/**
 * Custom values of one order (PUT /api/orders/:id, checked against their fields by the caller), through
 * the one change path: the version guard, an audit event per value changed, the live event and the
 * custom queues. Values as they already are change nothing.
 */
export async function setOrderValues(
  db: Knex,
  member: Member,
  orderId: number,
  values: ValueChange[],
  seenVersion?: number,
): Promise<void> {
  await changeOrders(db, member, [orderId], seenVersions([orderId], seenVersion), () => ({ patch: {}, values }));
}

/**
 * Refuses, in the caller's transaction, a change decided on an older version of an order than its current
 * one (send and resend of its document): the order is locked until the caller commits. No version: nothing
 * is checked.
 */
export async function refuseChangedSince(trx: Knex.Transaction, orderId: number, seenVersion: number | undefined) {
  if (seenVersion === undefined) return;
  const orders = await lockOrders(trx, [orderId]);
  if (!orders.length) throw notFound(`Order ${orderId} was not found.`);
  await refuseStale(trx, orders, seenVersions([orderId], seenVersion));
}

const assignChange = (member: Member): OrderChange => ({
  patch: { assignee_id: member.id, assign_to: member.name, assigned_at: nowUtc() },
  event: { action: 'assign', from: null, to: member.name },
});

/** Thrown inside a change when the order a member reached for was taken meanwhile: try the next one. */
class TakenMeanwhile extends Error {}

/** Candidates read per round of next order, and rounds before giving up (each round's were all taken). */
const NEXT_CANDIDATES = 10;
const NEXT_ROUNDS = 5;

/** Where next order looks, in turn: in New Orders, the Priority orders (New too) come first. */
function nextSources(queue: QueueDefinition, role: Member['type']): QueueDefinition[] {
  const priority = queueByOrderName('priorityOrder')!;
  return queue.orderName === 'newOrder' && mayOpenQueue(priority, role) ? [priority, queue] : [queue];
}

/**
 * Next order: assigns the member the oldest unassigned order of the queue (Priority first in New Orders)
 * through the one change path. Each candidate is locked and checked again (still free, still in the queue)
 * before it is assigned, so of members asking at once each gets a different order; one taken meanwhile
 * sends the member on to the next. Answers the order's id, or null when the queue has none left.
 */
export async function assignNextOrder(db: Knex, member: Member, queue: QueueDefinition): Promise<number | null> {
  const sources = nextSources(queue, member.type);
  const passed = new Set<number>();
  for (let round = 0; round < NEXT_ROUNDS; round++) {
    const today = todayUtc();
    const candidates: number[] = [];
    for (const source of sources) {
      if (candidates.length >= NEXT_CANDIDATES) break;
      const conditions = [queueCondition(source.filter, member.id, today), ...customMembershipOf(source)];
      candidates.push(...(await findNextCandidates(db, conditions, [...passed], NEXT_CANDIDATES - candidates.length)));
    }
    if (!candidates.length) return null;
    for (const orderId of candidates) {
      passed.add(orderId);
      try {
        await changeOrders(db, member, [orderId], undefined, (order) => {
          const facts = {
            status: order.process_status,
            mode: order.processing_mode,
            assigneeId: order.assignee_id == null ? null : Number(order.assignee_id),
            processingDate: order.processing_date,
          };
          const inQueue = sources.some((source) => matchesQueue(source.filter, facts, member.id, today));
          if (facts.assigneeId !== null || !inQueue) throw new TakenMeanwhile();
          refuseIf(assignRefusal(actorOf(member), order));
          return assignChange(member);
        });
        return orderId;
      } catch (error) {
        if (!(error instanceof TakenMeanwhile)) throw error;
      }
    }
  }
  return null;
}

/**
 * Assign to me, first come first served: the rows are locked before they are read, so of members
 * assigning at once exactly one finds the order free. One order held by someone else refuses the request.
 */
export async function assignOrders(db: Knex, member: Member, orderIds: number[], seen?: SeenVersions) {
  await changeOrders(db, member, orderIds, seen, (order) => {
    if (order.assignee_id != null && Number(order.assignee_id) === member.id) return null;
    refuseIf(assignRefusal(actorOf(member), order));
    return assignChange(member);
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

/** Moves orders to one of the eight targets (docs/product.md#moves); orders already there stay as they are. */
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
export async function refundOrders(
  db: Knex,
  config: AppConfig,
  member: Member,
  orderIds: number[],
  seen?: SeenVersions,
) {
  const refund = (order: LockedOrder): OrderChange => {
    // A second "Refunded it" would mail the customer again and rewrite the refund date.
    refuseIf(refundRefusal(actorOf(member), order));
    return {
      patch: { process_status: 'Refunds', refund_date: nowUtc() },
      event: { action: 'refund', from: order.process_status, to: 'Refunds' },
    };
  };
  const refunded = await withTransactionRetry(db, async (trx) => {
    const count = await changeOrdersIn(trx, member, orderIds, refund, seen);
    // Every order was refunded (a refusal refuses the whole batch): each customer is mailed.
    for (const orderId of new Set(orderIds))
      await queueTemplateMail(trx, config, { key: 'refund', orderId, createdById: member.id });
    return count;
  });
  return refunded > 1
    ? `${refunded} orders refunded; the customers will be mailed.`
    : 'Order refunded; the customer will be mailed.';
}
