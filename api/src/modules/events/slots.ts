import type { Redis } from 'ioredis';
import { unlessRedisAway } from './redisOutage.js';

/** A count of open streams that may not pass `max` (per member, per address). */
export interface SlotLimit {
  key: string;
  max: number;
}

/** Open live streams, counted under limits; shared by every process when it lives in Redis. */
export interface StreamSlots {
  /** Takes a slot under every limit, or none: answers the first limit that is full, else null. */
  take(slotId: string, limits: SlotLimit[]): Promise<SlotLimit | null>;
  release(slotId: string, limits: SlotLimit[]): Promise<void>;
  /** Keeps the slots of streams still open from expiring (Redis: they are leases). */
  renew(held: Array<{ slotId: string; limits: SlotLimit[] }>): Promise<void>;
}

export function createMemorySlots(): StreamSlots {
  const open = new Map<string, Set<string>>();
  return {
    async take(slotId, limits) {
      const full = limits.find((l) => (open.get(l.key)?.size ?? 0) >= l.max);
      if (full) return full;
      for (const l of limits) open.set(l.key, (open.get(l.key) ?? new Set()).add(slotId));
      return null;
    },
    async release(slotId, limits) {
      for (const l of limits) {
        const slots = open.get(l.key);
        slots?.delete(slotId);
        if (slots && !slots.size) open.delete(l.key);
      }
    },
    async renew() {},
  };
}

/**
 * One sorted set per limit (`{namespace}:slots:{key}`), a member per open stream scored by when its
 * lease ends. The process holding the stream renews it; a process that dies stops renewing, so its
 * slots expire after `leaseMs` instead of being held for ever. Taking is one script: atomic across processes.
 * While Redis is away no stream opens (503: it would hear no events anyway); open ones re-add their
 * slots at the next renewal once it is back.
 */
export function createRedisSlots(redis: Redis, namespace: string, leaseMs: number): StreamSlots {
  const keyOf = (limit: SlotLimit) => `${namespace}:slots:${limit.key}`;
  const TAKE = `local now, lease, id = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
    for i, key in ipairs(KEYS) do
      redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
      if redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then return i end
    end
    for _, key in ipairs(KEYS) do
      redis.call('ZADD', key, now + lease, id)
      redis.call('PEXPIRE', key, lease)
    end
    return 0`;
  return {
    async take(slotId, limits) {
      const full = (await unlessRedisAway(() =>
        redis.eval(TAKE, limits.length, ...limits.map(keyOf), Date.now(), leaseMs, slotId, ...limits.map((l) => l.max)),
      )) as number;
      return full ? limits[full - 1]! : null;
    },
    async release(slotId, limits) {
      const batch = redis.multi();
      for (const l of limits) batch.zrem(keyOf(l), slotId);
      await batch.exec();
    },
    async renew(held) {
      if (!held.length) return;
      const until = Date.now() + leaseMs;
      const batch = redis.pipeline();
      for (const { slotId, limits } of held) {
        for (const l of limits) batch.zadd(keyOf(l), until, slotId).pexpire(keyOf(l), leaseMs);
      }
      await batch.exec();
    },
  };
}
