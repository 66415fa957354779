import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import type {
  ConfigurationChangedEvent,
  DisputesChangedEvent,
  NotificationEvent,
  OrderChangedEvent,
  PresenceEvent,
  QueueFacts,
  ResyncEvent,
} from '@app/domain';
import { subscriberOf } from '../../plugins/redis.js';

/** What travels between API processes: an event, plus what the receiving process needs to route it. */
export interface BusMessage {
  /** resync: events may have been missed (Redis was away); every client reloads what it shows. */
  event:
    | OrderChangedEvent
    | PresenceEvent
    | ResyncEvent
    | ConfigurationChangedEvent
    | NotificationEvent
    | DisputesChangedEvent;
  /** Only these members' streams get it (a notification); absent: every member who may read it. */
  recipients?: number[];
  /** order.changed: the order's queue facts before and after, to tell who may read it. */
  facts?: { before: QueueFacts; after: QueueFacts };
  /** order.changed: whether queue counts moved. */
  countsChanged?: boolean;
}

/** A message as delivered, with its id: `{ms}-{seq}`, increasing, the SSE event id clients resume from. */
export interface BusDelivery extends BusMessage {
  id: string;
}

/** How long published events stay replayable for a stream that resumes (the promise is one minute). */
export const REPLAY_MS = 2 * 60_000;

/** Pause between tries to announce a resync after Redis came back (the shared client may not be back yet). */
const RESYNC_RETRY_MS = 250;

/** Whose streams to end: every stream of a member, or those opened with one token. */
export interface StreamsEnd {
  memberId?: number;
  tokenId?: string;
}

export interface EventBus {
  publish(message: BusMessage): Promise<void>;
  /** Every message published from now on, by any process; answers the unsubscribe function. */
  subscribe(listener: (delivery: BusDelivery) => void): () => void;
  /** Tells every process to end these streams (a session ended); never replayed, never sent to clients. */
  publishEnd(target: StreamsEnd): Promise<void>;
  subscribeEnd(listener: (target: StreamsEnd) => void): () => void;
  /** Messages after `lastId`, oldest first; null when some of them are no longer kept. */
  since(lastId: string): Promise<BusDelivery[] | null>;
  close(): Promise<void>;
}

const ID_PATTERN = /^(\d{1,15})-(\d{1,9})$/;
export const isEventId = (text: string) => ID_PATTERN.test(text);

/** Orders two event ids: negative when `a` came first. */
export function compareIds(a: string, b: string): number {
  const [, am = '0', as = '0'] = ID_PATTERN.exec(a) ?? [];
  const [, bm = '0', bs = '0'] = ID_PATTERN.exec(b) ?? [];
  return Number(am) - Number(bm) || Number(as) - Number(bs);
}

/** One process (no REDIS_URL): listeners are called in turn, recent messages kept in memory. */
export function createMemoryBus(): EventBus {
  const listeners = new Set<(delivery: BusDelivery) => void>();
  const endListeners = new Set<(target: StreamsEnd) => void>();
  const recent: BusDelivery[] = [];
  let lastMs = 0;
  let seq = 0;
  let oldestDropped: string | null = null;
  return {
    async publish(message) {
      const now = Date.now();
      if (now > lastMs) [lastMs, seq] = [now, 0];
      else seq++;
      const delivery = { ...message, id: `${lastMs}-${seq}` };
      while (recent.length && Number(recent[0]!.id.split('-')[0]) < now - REPLAY_MS) oldestDropped = recent.shift()!.id;
      recent.push(delivery);
      for (const listener of listeners) listener(delivery);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async publishEnd(target) {
      for (const listener of endListeners) listener(target);
    },
    subscribeEnd(listener) {
      endListeners.add(listener);
      return () => endListeners.delete(listener);
    },
    async since(lastId) {
      if (oldestDropped && compareIds(lastId, oldestDropped) < 0) return null;
      return recent.filter((d) => compareIds(d.id, lastId) > 0);
    },
    async close() {
      listeners.clear();
      endListeners.clear();
    },
  };
}

/**
 * Several processes on one Redis: each message is appended to a Redis stream (which issues the id and
 * keeps the last minutes for replay) and published on a channel in the same script, so every process's
 * subscriber hears it at once, in the order of the ids. Keys and channel start with `namespace`: one
 * per database, so deployments (and test runs) sharing a Redis never hear each other.
 *
 * While Redis is away, publishing fails (the change itself stands; the caller logs it) and nothing is
 * heard. When this process's subscriber is back (ioredis reconnects and subscribes again), it publishes
 * a `resync`: every stream, here and in the other processes, and any client that resumes past the
 * outage, reloads instead of missing what changed meanwhile.
 */
export async function createRedisBus(redis: Redis, namespace: string): Promise<EventBus> {
  const STREAM = `${namespace}:events`;
  const CHANNEL = STREAM;
  const END_CHANNEL = `${namespace}:streams-end`;
  const subscriber = subscriberOf(redis);
  let closed = false;
  const listeners = new Set<(delivery: BusDelivery) => void>();
  const endListeners = new Set<(target: StreamsEnd) => void>();
  subscriber.on('message', (channel: string, text: string) => {
    if (channel === END_CHANNEL) {
      for (const listener of endListeners) listener(JSON.parse(text) as StreamsEnd);
      return;
    }
    const space = text.indexOf(' ');
    const delivery: BusDelivery = { ...(JSON.parse(text.slice(space + 1)) as BusMessage), id: text.slice(0, space) };
    for (const listener of listeners) listener(delivery);
  });
  await subscriber.subscribe(CHANNEL, END_CHANNEL);
  const parse = ([id, fields]: [string, string[]]): BusDelivery => ({ ...(JSON.parse(fields[1]!) as BusMessage), id });
  const publish = async (message: BusMessage) => {
    const body = JSON.stringify(message);
    const script = `local id = redis.call('XADD', KEYS[1], 'MINID', '~', ARGV[1], '*', 'm', ARGV[2])
      redis.call('PUBLISH', KEYS[2], id .. ' ' .. ARGV[2])
      return id`;
    await redis.eval(script, 2, STREAM, CHANNEL, String(Date.now() - REPLAY_MS), body);
  };

  let dropped = false;
  subscriber.on('close', () => (dropped = true));
  subscriber.on('ready', () => {
    if (!dropped) return;
    dropped = false;
    void (async () => {
      // Once the subscription is confirmed, this process hears its own resync too.
      await subscriber.subscribe(CHANNEL, END_CHANNEL).catch(() => undefined);
      // The shared client may reconnect a moment after this one.
      while (!closed && !dropped) {
        try {
          await publish({ event: { type: 'resync' }, countsChanged: true });
          return;
        } catch {
          await sleep(RESYNC_RETRY_MS);
        }
      }
    })();
  });

  return {
    publish,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async publishEnd(target) {
      await redis.publish(END_CHANNEL, JSON.stringify(target));
    },
    subscribeEnd(listener) {
      endListeners.add(listener);
      return () => endListeners.delete(listener);
    },
    async since(lastId) {
      // MINID trims only entries older than the window, so an id within it has everything after it kept;
      // an older one, only if the oldest entry kept is not newer than it.
      if (Number(lastId.split('-')[0]) < Date.now() - REPLAY_MS) {
        const [first] = (await redis.xrange(STREAM, '-', '+', 'COUNT', 1)) as Array<[string, string[]]>;
        if (!first || compareIds(first[0], lastId) > 0) return null;
      }
      const entries = (await redis.xrange(STREAM, `(${lastId}`, '+')) as Array<[string, string[]]>;
      return entries.map(parse);
    },
    async close() {
      closed = true;
      listeners.clear();
      endListeners.clear();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
