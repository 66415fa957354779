import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { NotificationEvent, OrderChangedEvent, QueueFacts } from '@app/domain';
import { redisNamespace } from '../../plugins/redis.js';
import type { Member } from '../../types.js';
import { createMemoryBus, createRedisBus, type StreamsEnd } from './bus.js';
import { LiveHub, type HubOptions } from './hub.js';
import { createMemoryPresence, createRedisPresence } from './presence.js';
import { createMemorySlots, createRedisSlots } from './slots.js';
import { createMemoryTickets, createRedisTickets } from './tickets.js';

/**
 * The hub of each app, keyed by its database's client config, which a transaction shares with the
 * knex instance it came from: a change made in any transaction reaches the hub of that database.
 */
const hubs = new WeakMap<object, LiveHub>();
const hubOf = (db: Knex | Knex.Transaction) => hubs.get(db.client.config as object);

/** Live streams open in this process, for /metrics. */
export const openLiveStreams = (db: Knex) => hubOf(db)?.openStreams ?? 0;

/** In-process without REDIS_URL; on Redis (namespaced by database) to work across processes with it. */
export async function startHub(app: FastifyInstance, options: HubOptions): Promise<LiveHub> {
  const { redis, config } = app;
  const namespace = `${redisNamespace(config)}:live`;
  const hub = redis
    ? new LiveHub(
        app,
        await createRedisBus(redis, namespace),
        createRedisPresence(redis, namespace),
        createRedisTickets(redis, namespace),
        // A stream's slot outlives a dead process by this much at most; live ones renew it every heartbeat.
        createRedisSlots(redis, namespace, Math.max(30_000, 3 * options.heartbeatMs)),
        options,
      )
    : new LiveHub(app, createMemoryBus(), createMemoryPresence(), createMemoryTickets(), createMemorySlots(), options);
  hubs.set(app.db.client.config as object, hub);
  return hub;
}

export function stopHub(app: FastifyInstance, hub: LiveHub) {
  hubs.delete(app.db.client.config as object);
  return hub.close();
}

/**
 * Ends the live streams of a session that ended (sign-out of one token, or every token of a member whose
 * password or role changed or who was deleted), in every process. A failure is logged, not thrown: the
 * change stands, and each stream re-checks its session at the next heartbeat anyway.
 */
export async function endLiveStreams(db: Knex | Knex.Transaction, target: StreamsEnd): Promise<void> {
  const hub = hubOf(db);
  await hub?.endStreams(target).catch((error: unknown) => hub.logError(error));
}

/**
 * Announces a configuration change that has committed: every process reloads the
 * configuration, then every open stream gets `configuration.changed`. A failure is logged, not thrown:
 * the change stands, and every process finds the new version by itself within seconds.
 */
export async function publishConfigurationChanged(db: Knex, version: number): Promise<void> {
  const hub = hubOf(db);
  await hub?.publishConfigurationChanged(version).catch((error: unknown) => hub.logError(error));
}

/** An order as a change saw it: the facts that place it in queues, its holder and its version. */
export interface ChangedOrder {
  order_id: number;
  process_status: string;
  processing_mode: string;
  assignee_id: number | null;
  assign_to: string | null;
  processing_date: string | null;
  version: number;
}

const factsOf = (o: ChangedOrder): QueueFacts => ({
  status: o.process_status,
  mode: o.processing_mode,
  assigneeId: o.assignee_id == null ? null : Number(o.assignee_id),
  processingDate: o.processing_date ? String(o.processing_date).slice(0, 10) : null,
});

/**
 * Announces order changes made in `trx` once it commits (nothing if it rolls back): each becomes an
 * `order.changed` event on every process, and queue counts follow when the change moved them (its
 * queue facts, or `countsChanged`: it joined or left a custom queue).
 */
export function announceOrderChanges(
  trx: Knex.Transaction,
  member: Member,
  changes: Array<{ before: ChangedOrder; after: ChangedOrder; action: string; countsChanged?: boolean }>,
): void {
  const hub = hubOf(trx);
  if (!hub || !changes.length) return;
  const events = changes.map(({ before, after, action, countsChanged }) => {
    const event: OrderChangedEvent = {
      type: 'order.changed',
      orderId: Number(after.order_id),
      status: after.process_status,
      assigneeId: after.assignee_id == null ? null : Number(after.assignee_id),
      assignTo: after.assign_to,
      version: Number(after.version),
      by: { id: member.id, name: member.name },
      action,
    };
    return { event, before: factsOf(before), after: factsOf(after), countsChanged };
  });
  trx.executionPromise.then(
    () => hub.publishOrderChanges(events).catch((error: unknown) => hub.logError(error)),
    () => undefined, // rolled back: nothing happened
  );
}

/**
 * Sends notifications to the streams of the members they are for, once `trx` commits (at once without
 * one). A failure is logged, not thrown: the notifications are kept and the bell reads them anyway.
 */
export function publishNotifications(
  db: Knex | Knex.Transaction,
  deliveries: Array<{ memberId: number; notification: NotificationEvent['notification'] }>,
): void {
  const hub = hubOf(db);
  if (!hub || !deliveries.length) return;
  const send = () =>
    Promise.all(
      deliveries.map(({ memberId, notification }) =>
        hub.publishNotification([memberId], { type: 'notification', notification }),
      ),
    ).catch((error: unknown) => hub.logError(error));
  if (db.isTransaction) (db as Knex.Transaction).executionPromise.then(send, () => undefined);
  else void send();
}

/** Tells every open stream how many disputes wait for an answer (the sidebar's live count). */
export async function publishDisputesChanged(db: Knex, due: number): Promise<void> {
  const hub = hubOf(db);
  await hub?.publishDisputesChanged(due).catch((error: unknown) => hub.logError(error));
}
