import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { TokenPayload } from '../../types.js';
import { unlessRedisAway } from './redisOutage.js';

/** What a ticket stands for: the token it was asked with (checked again when redeemed), and where to resume. */
export interface TicketHolder {
  payload: TokenPayload;
  lastEventId: string | null;
}

/** A browser's EventSource cannot send headers: it opens the stream with a single-use ticket instead. */
export const TICKET_TTL_MS = 60_000;
export const TICKET_PATTERN = '^[A-Za-z0-9_-]{32}$';

export interface TicketStore {
  issue(holder: TicketHolder): Promise<string>;
  /** The holder, once: a ticket redeemed or expired answers null. */
  redeem(ticket: string): Promise<TicketHolder | null>;
}

const newTicket = () => crypto.randomBytes(24).toString('base64url');

export function createMemoryTickets(): TicketStore {
  const tickets = new Map<string, TicketHolder & { expires: number }>();
  return {
    async issue(holder) {
      const now = Date.now();
      for (const [key, t] of tickets) if (t.expires <= now) tickets.delete(key);
      const ticket = newTicket();
      tickets.set(ticket, { ...holder, expires: now + TICKET_TTL_MS });
      return ticket;
    },
    async redeem(ticket) {
      const found = tickets.get(ticket);
      tickets.delete(ticket);
      return found && found.expires > Date.now() ? { payload: found.payload, lastEventId: found.lastEventId } : null;
    },
  };
}

/**
 * Tickets in Redis: issued by one process, redeemed by whichever the balancer sends the stream to.
 * Without Redis no other process could redeem one, so live updates pause (503) instead.
 */
export function createRedisTickets(redis: Redis, namespace: string): TicketStore {
  const keyOf = (ticket: string) => `${namespace}:ticket:${ticket}`;
  return {
    async issue(holder) {
      const ticket = newTicket();
      await unlessRedisAway(() => redis.set(keyOf(ticket), JSON.stringify(holder), 'PX', TICKET_TTL_MS));
      return ticket;
    },
    async redeem(ticket) {
      const found = await unlessRedisAway(() => redis.getdel(keyOf(ticket)));
      return found ? (JSON.parse(found) as TicketHolder) : null;
    },
  };
}
