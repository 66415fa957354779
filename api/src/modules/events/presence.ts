import type { Redis } from 'ioredis';
import { unlessRedisAway } from './redisOutage.js';

/**
 * A member with an order page open, in one browser tab (`tab`), since `since` and until `expires` (ms) unless
 * refreshed.
 */
export interface Viewer {
  id: number;
  name: string;
  tab: string;
  since: number;
  expires: number;
}

/** How long a viewer counts without a refresh: the admin refreshes every 20 s, so a closed tab drops out. */
export const VIEWER_TTL_MS = 45_000;

/** Who has which order open; shared by every process when it lives in Redis. */
export interface PresenceStore {
  /** Adds or refreshes (viewing) or removes a viewer; answers whether the set of members changed. */
  set(orderId: number, viewer: Viewer, viewing: boolean): Promise<boolean>;
  /** The members viewing the order now, each once, in the order they came. */
  members(orderId: number): Promise<Array<{ id: number; name: string }>>;
  /** Drops expired viewers; answers the orders whose members changed. */
  sweep(now: number): Promise<number[]>;
}

const keyOf = (viewer: Pick<Viewer, 'id' | 'tab'>) => `${viewer.id}:${viewer.tab}`;

/** Each member once, in the order they came: by their earliest tab (a Redis hash keeps no order). */
function distinctMembers(viewers: Iterable<Viewer>, now: number) {
  const members = new Map<number, { id: number; name: string }>();
  const byArrival = [...viewers].sort((a, b) => a.since - b.since || a.id - b.id);
  for (const v of byArrival) if (v.expires > now && !members.has(v.id)) members.set(v.id, { id: v.id, name: v.name });
  return [...members.values()];
}

/** Same members, whatever their order (a member's second tab closing reorders nothing that matters). */
const sameMembers = (a: Array<{ id: number }>, b: Array<{ id: number }>) =>
  a.length === b.length && a.every((m) => b.some((n) => n.id === m.id));

export function createMemoryPresence(): PresenceStore {
  const orders = new Map<number, Map<string, Viewer>>();
  const members = async (orderId: number) => distinctMembers(orders.get(orderId)?.values() ?? [], Date.now());
  return {
    async set(orderId, viewer, viewing) {
      const before = await members(orderId);
      const viewers = orders.get(orderId) ?? new Map<string, Viewer>();
      if (viewing) viewers.set(keyOf(viewer), { ...viewer, since: viewers.get(keyOf(viewer))?.since ?? viewer.since });
      else viewers.delete(keyOf(viewer));
      if (viewers.size) orders.set(orderId, viewers);
      else orders.delete(orderId);
      return !sameMembers(before, await members(orderId));
    },
    members,
    async sweep(now) {
      const changed: number[] = [];
      for (const [orderId, viewers] of orders) {
        const before = distinctMembers(viewers.values(), now + 1);
        for (const [key, v] of viewers) if (v.expires <= now) viewers.delete(key);
        if (!viewers.size) orders.delete(orderId);
        if (!sameMembers(before, distinctMembers(viewers.values(), now))) changed.push(orderId);
      }
      return changed;
    },
  };
}

/**
 * One hash per viewed order (`{namespace}:presence:{orderId}`, field member:tab, value the viewer) and
 * a set of the orders that have any, so each process's sweep finds expired viewers whoever added them.
 * While Redis is away presence pauses (503; the order page keeps working and asks again in 20 s).
 */
export function createRedisPresence(redis: Redis, namespace: string): PresenceStore {
  const ORDERS = `${namespace}:presence`;
  const hashOf = (orderId: number) => `${namespace}:presence:${orderId}`;
  const viewersOf = async (orderId: number) =>
    Object.entries(await redis.hgetall(hashOf(orderId))).map(([key, json]) => ({
      key,
      ...(JSON.parse(json) as Viewer),
    }));
  const members = async (orderId: number) => distinctMembers(await viewersOf(orderId), Date.now());
  async function setViewer(orderId: number, viewer: Viewer, viewing: boolean) {
    const before = await members(orderId);
    if (viewing) {
      const held = await redis.hget(hashOf(orderId), keyOf(viewer));
      const since = held ? (JSON.parse(held) as Viewer).since : viewer.since;
      await redis
        .multi()
        .hset(hashOf(orderId), keyOf(viewer), JSON.stringify({ ...viewer, since }))
        .pexpire(hashOf(orderId), VIEWER_TTL_MS * 2)
        .sadd(ORDERS, String(orderId))
        .exec();
    } else {
      await redis.hdel(hashOf(orderId), keyOf(viewer));
    }
    return !sameMembers(before, await members(orderId));
  }
  return {
    set: (orderId, viewer, viewing) => unlessRedisAway(() => setViewer(orderId, viewer, viewing)),
    members: (orderId) => unlessRedisAway(() => members(orderId)),
    async sweep(now) {
      const changed: number[] = [];
      for (const id of await redis.smembers(ORDERS)) {
        const orderId = Number(id);
        const viewers = await viewersOf(orderId);
        const expired = viewers.filter((v) => v.expires <= now).map((v) => v.key);
        if (expired.length) {
          await redis.hdel(hashOf(orderId), ...expired);
          changed.push(orderId);
        }
        if (viewers.length === expired.length) await redis.srem(ORDERS, id);
      }
      return changed;
    },
  };
}
