import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import {
  customQueueName,
  effectiveRegistry,
  inCustomQueue,
  listFilterKeys,
  mayOpenQueue,
  RESERVED_FILTER_KEYS,
  RESOURCES,
  storedBound,
  type CustomQueueRecord,
  type FieldDefinition,
  type QueueDefinition,
  type Registry,
  type ResourceDefinition,
  type Role,
} from '@app/domain';
import type { ListFilter } from '../../core/resources.js';
import { hotRowShard, upsertIncrement } from '../../db/knex.js';
import { whereFilter } from '../../db/list.js';
import { readConfiguration } from '../configuration/service.js';
import { customFilterCondition, findCustomValues, type CustomValues, type CustomValuesRead } from './customFields.js';
import type { OrderCondition } from './repo.js';

/**
 * Custom queues: which orders each holds (custom_queue_orders) and how many
 * (custom_queue_counters), kept by the one change path as the order counters are, and rebuilt in SQL
 * from the same filter when a queue is defined or changed. A page of a custom queue is an index range
 * of its members; its count a sum of a few counter rows.
 */

/** The app's configuration (modules/configuration); none in an app built without that module. */
export const configurationOf = (app: FastifyInstance) =>
  app.hasDecorator('configuration') ? app.configuration : undefined;

/** Every custom queue as a queue, in their order. */
export const configuredCustomQueues = (app: FastifyInstance): QueueDefinition[] => configurationOf(app)?.queues ?? [];

/** The custom queues a role may open, in their order. */
export const customQueuesFor = (app: FastifyInstance, role: Role): QueueDefinition[] =>
  configuredCustomQueues(app).filter((q) => mayOpenQueue(q, role));

const CUSTOM_PREFIX = customQueueName('');
/** The id of a custom queue (its orderName is custom-<id>); undefined for a built-in queue. */
export const customQueueIdOf = (queue: QueueDefinition | undefined): string | undefined =>
  queue?.custom ? queue.orderName.slice(CUSTOM_PREFIX.length) : undefined;

/**
 * What the change path needs of the configuration, by database (a transaction shares its knex
 * instance's client config, as the live hub's lookup does): the orders resource as it stands and the
 * custom queues. Set by the orders plugin; none (no custom queue) for a database no app serves.
 */
const setups = new WeakMap<object, () => { orders: ResourceDefinition; queues: CustomQueueRecord[] }>();

export function followConfiguration(app: FastifyInstance) {
  setups.set(app.db.client.config as object, () => ({
    orders: app.registry.orders ?? RESOURCES.orders!,
    queues: configurationOf(app)?.current.queues ?? [],
  }));
}

/** A custom queue's filter key and value as a list filter (as GET /api/orders reads one), or none if unknown. */
function queueFilterOf(keys: ReturnType<typeof listFilterKeys>, key: string, value: unknown) {
  const accepted = RESERVED_FILTER_KEYS.includes(key) ? undefined : keys.get(key);
  if (!accepted) return undefined;
  const { field, op } = accepted;
  const stored = (v: unknown) => (field.type === 'datetime' ? storedBound(field, op, String(v)) : v);
  const filter: ListFilter = Array.isArray(value)
    ? { source: field.source, column: field.column ?? field.source, op: 'in', value: value.map(stored) as never }
    : { source: field.source, column: field.column ?? field.source, op, value: stored(value) as never };
  return { field, filter };
}

/**
 * A custom queue as conditions on `orders`: one of its statuses, and its filter as GET /api/orders
 * applies it (custom fields joined to their values). A key that is no filter any more (its field removed) matches
 * nothing, as inCustomQueue decides it in the change path.
 */
export const customQueueConditions = (queue: CustomQueueRecord, orders: ResourceDefinition): OrderCondition[] => [
  (q) => q.whereIn('process_status', [...queue.statuses]),
  ...listFilterConditions(queue.filter, orders),
];

/** A list filter (a custom queue's, a rule's conditions) as conditions on `orders`, as passesListFilter decides it. */
export function listFilterConditions(
  filter: Record<string, unknown>,
  orders: Pick<ResourceDefinition, 'fields'>,
): OrderCondition[] {
  const keys = listFilterKeys(orders);
  const conditions: OrderCondition[] = [];
  for (const [key, value] of Object.entries(filter)) {
    const read = queueFilterOf(keys, key, value);
    if (!read) conditions.push((q) => q.whereRaw('1 = 0'));
    else if (read.field.custom) conditions.push(customFilterCondition(read.field, read.filter));
    else if (isFreeText(read.field) && read.filter.op !== 'prefix') {
      const values = [read.filter.value].flat().map((v) => String(v).toLowerCase());
      conditions.push((q) =>
        q.whereRaw(`lower(??) in (${values.map(() => '?').join(', ')})`, [read.filter.column, ...values]),
      );
    } else conditions.push((q) => whereFilter(q, read.filter.column, read.filter));
  }
  return conditions;
}

/**
 * Free text matches a queue's filter whatever its case, as inCustomQueue decides it: MySQL's collation
 * does so, SQLite's `=` does not (its LIKE does, for a prefix).
 */
const isFreeText = (field: FieldDefinition) => field.type === 'text' || field.type === 'email';

/** The fields the custom queues' filters read (those that still exist). */
function fieldsRead(queues: CustomQueueRecord[], orders: ResourceDefinition): FieldDefinition[] {
  const keys = listFilterKeys(orders);
  const fields = new Map<string, FieldDefinition>();
  for (const queue of queues)
    for (const [key, value] of Object.entries(queue.filter)) {
      const field = queueFilterOf(keys, key, value)?.field;
      if (field) fields.set(field.source, field);
    }
  return [...fields.values()];
}

/** Orders as a change has written them: whole rows, and their custom values read at most once. */
export interface WrittenOrders {
  rows: Array<Record<string, unknown>>;
  values: CustomValuesRead;
}

/**
 * After orders changed in `trx` (rows and custom values written): each order's custom queues decided
 * anew from its state (domain inCustomQueue), against the queues it was in; rows of
 * custom_queue_orders added or removed and the counters moved, in one sorted order. The change path
 * gives the state it wrote; other writers give the ids and it is read. Answers the ids of the orders
 * that joined or left a custom queue (their counts changed).
 */
export async function applyCustomQueueChanges(
  trx: Knex.Transaction,
  written: number[] | WrittenOrders,
): Promise<Set<number>> {
  const moved = new Set<number>();
  const setup = setups.get(trx.client.config as object)?.();
  const orderIds = Array.isArray(written) ? written : written.rows.map((row) => Number(row.order_id));
  if (!setup?.queues.length || !orderIds.length) return moved;
  const { orders, queues } = setup;
  const fields = fieldsRead(queues, orders);
  const custom = fields.filter((f) => f.custom);
  const columns = fields.filter((f) => !f.custom).map((f) => f.column ?? f.source);
  const rows = Array.isArray(written)
    ? await trx('orders')
        .select([...new Set(['order_id', 'process_status', ...columns])])
        .whereIn('order_id', orderIds)
    : written.rows;
  const values = !custom.length
    ? new Map<number, CustomValues>()
    : Array.isArray(written)
      ? await findCustomValues(trx, orderIds, custom)
      : await written.values();
  // By queue then order: the key's order (a lookup by order alone would read every queue's members).
  const stored = await trx('custom_queue_orders')
    .select('queue_id', 'order_id')
    .whereIn(
      'queue_id',
      queues.map((q) => q.id),
    )
    .whereIn('order_id', orderIds);
  const was = new Set(
    stored.map((r: { queue_id: string; order_id: number | string }) => `${r.queue_id}|${r.order_id}`),
  );
  const changes: Array<{ queue: string; order: number; joins: boolean }> = [];
  for (const row of rows as Array<Record<string, unknown>>) {
    const order = Number(row.order_id);
    const record = { ...row, ...values.get(order) };
    for (const queue of queues) {
      const joins = inCustomQueue(queue, orders, record);
      if (joins !== was.has(`${queue.id}|${order}`)) changes.push({ queue: queue.id, order, joins });
    }
  }
  changes.sort((a, b) => (a.queue < b.queue ? -1 : a.queue > b.queue ? 1 : a.order - b.order));
  const deltas = new Map<string, number>();
  for (const { queue, order, joins } of changes) {
    if (joins) await trx('custom_queue_orders').insert({ queue_id: queue, order_id: order }).onConflict().ignore();
    else await trx('custom_queue_orders').where({ queue_id: queue, order_id: order }).del();
    deltas.set(queue, (deltas.get(queue) ?? 0) + (joins ? 1 : -1));
    moved.add(order);
  }
  const shard = hotRowShard(trx);
  for (const [queue, delta] of deltas)
    if (delta) await upsertIncrement(trx, 'custom_queue_counters', { queue_id: queue, shard }, 'count', delta);
  return moved;
}

/**
 * Recomputes the members and counts of custom queues in SQL, from the same conditions as their list
 * (customQueueConditions) against `registry` (the effective one, as it will be). The configuration
 * module calls it in the transaction that creates, changes or imports queues.
 */
export async function rebuildCustomQueues(
  trx: Knex | Knex.Transaction,
  queues: CustomQueueRecord[],
  registry: Registry,
): Promise<void> {
  const orders = registry.orders ?? RESOURCES.orders!;
  for (const queue of queues) {
    await trx('custom_queue_orders').where({ queue_id: queue.id }).del();
    await trx('custom_queue_counters').where({ queue_id: queue.id }).del();
    const members = trx('orders').select(trx.raw('? as queue_id', [queue.id]), 'order_id');
    for (const condition of customQueueConditions(queue, orders)) condition(members);
    await trx.into(trx.raw('?? (??, ??)', ['custom_queue_orders', 'queue_id', 'order_id'])).insert(members);
    const counted = await trx('custom_queue_orders').where({ queue_id: queue.id }).count({ n: '*' }).first();
    await trx('custom_queue_counters').insert({ queue_id: queue.id, shard: 0, count: Number(counted?.n ?? 0) });
  }
}

/**
 * Every custom queue of the stored configuration rebuilt, and the rows of queues that are gone dropped:
 * the recount after bulk loads and seeds (which run without an app).
 */
export async function rebuildStoredCustomQueues(trx: Knex | Knex.Transaction, base: Registry = RESOURCES) {
  const configuration = await readConfiguration(trx);
  const kept = configuration.queues.map((q) => q.id);
  for (const table of ['custom_queue_orders', 'custom_queue_counters'])
    await trx(table)
      .modify((q) => (kept.length ? q.whereNotIn('queue_id', kept) : q))
      .del();
  await rebuildCustomQueues(trx, configuration.queues, effectiveRegistry(base, configuration));
}

/** Each custom queue's size (its counters' shards summed), keyed by its count field (custom-<id>). */
export async function customQueueCounts(db: Knex, queueIds?: string[]): Promise<Record<string, number>> {
  if (queueIds && !queueIds.length) return {};
  const rows: Array<{ queue_id: string; n: number | string }> = await db('custom_queue_counters')
    .select('queue_id')
    .sum({ n: 'count' })
    .modify((q) => (queueIds ? q.whereIn('queue_id', queueIds) : q))
    .groupBy('queue_id');
  const counts = Object.fromEntries((queueIds ?? []).map((id) => [customQueueName(id), 0]));
  for (const row of rows) counts[customQueueName(row.queue_id)] = Number(row.n);
  return counts;
}

/** One custom queue's size, as a query of one column `n` (run, or read as a scalar subquery). */
export const customQueueTotalQuery = (db: Knex, queueId: string) =>
  db('custom_queue_counters').sum({ n: 'count' }).where({ queue_id: queueId });

/** The members of a custom queue as a condition on `orders` (a range of custom_queue_orders' key). */
export const customQueueMembership =
  (queueId: string): OrderCondition =>
  (q) =>
    q.whereIn('order_id', (sub) => sub.select('order_id').from('custom_queue_orders').where({ queue_id: queueId }));
