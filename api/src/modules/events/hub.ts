import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createSession, type Session } from 'better-sse';
import {
  can,
  matchesQueue,
  QUEUES,
  todayUtc,
  type LiveEvent,
  type OrderChangedEvent,
  type QueueFacts,
} from '@app/domain';
import type { Member } from '../../types.js';
import { compareIds, type BusDelivery, type EventBus } from './bus.js';
import { VIEWER_TTL_MS, type PresenceStore } from './presence.js';
import type { TicketStore } from './tickets.js';

/** One open stream: whose it is, and the last event id it was sent (replays and live events never repeat). */
interface LiveStream {
  member: Member;
  session: Session;
  end: () => void;
  lastId: string;
  /** Live deliveries held while the replay of missed events is read. */
  held: BusDelivery[] | null;
  counts?: string;
}

export interface HubOptions {
  /** Interval of the keep-alive comments that stop proxies from closing an idle stream. */
  heartbeatMs: number;
  /** How long queue-count refreshes are gathered: a batch of changes costs one read of the counters. */
  countsDelayMs: number;
  /** The folder counts of these members, by member id (the orders service). */
  countsOf: (members: Member[]) => Promise<Map<number, Record<string, number>>>;
  /**
   * Orders changed, here (on commit) or in another process (from the bus): called before any stream
   * hears of it, so that what a client reads because of the event is read anew (the queue page cache).
   */
  ordersChanged: () => void;
}

/** The queues a member's role may open. */
const openQueues = (member: Member) => QUEUES.filter((q) => !q.permission || can(member.type, q.permission));

/** Whether the member may read an event: an order change only if the order is (or was) in a queue they may open. */
function mayRead(member: Member, delivery: BusDelivery, today: string): boolean {
  if (!can(member.type, 'orders.read')) return false;
  if (!delivery.facts) return true;
  const { before, after } = delivery.facts;
  return openQueues(member).some(
    (q) => matchesQueue(q.filter, before, member.id, today) || matchesQueue(q.filter, after, member.id, today),
  );
}

/**
 * The live side of one API process: its open event streams, fed by the bus (in-process, or Redis
 * pub/sub shared by every process), each member getting only what their role may read, their own
 * queue counts when a change moves them, and who else has an order open.
 */
export class LiveHub {
  private readonly streams = new Set<LiveStream>();
  private countsTimer: NodeJS.Timeout | null = null;
  private readonly sweepTimer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly app: FastifyInstance,
    readonly bus: EventBus,
    readonly presence: PresenceStore,
    readonly tickets: TicketStore,
    private readonly options: HubOptions,
  ) {
    this.unsubscribe = bus.subscribe((delivery) => {
      if (delivery.event.type === 'order.changed') options.ordersChanged();
      for (const stream of this.streams) this.deliver(stream, delivery);
      if (delivery.countsChanged) this.refreshCountsSoon();
    });
    this.sweepTimer = setInterval(() => void this.sweepPresence(), VIEWER_TTL_MS / 3);
    this.sweepTimer.unref();
  }

  get openStreams(): number {
    return this.streams.size;
  }

  /** Takes over the response as an event stream; missed events after `lastId` are replayed first. */
  async open(request: FastifyRequest, reply: FastifyReply, member: Member, lastId: string | null) {
    reply.hijack();
    const session = await createSession(request.raw, reply.raw, {
      keepAlive: this.options.heartbeatMs,
      retry: 2000,
      trustClientEventId: false,
      headers: { 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' },
    });
    const stream: LiveStream = { member, session, end: () => reply.raw.end(), lastId: lastId ?? '', held: [] };
    this.streams.add(stream);
    session.once('disconnected', () => this.streams.delete(stream));
    try {
      const missed = lastId ? await this.bus.since(lastId) : [];
      if (missed === null) this.push(stream, { type: 'resync' }, lastId!);
      else for (const delivery of missed) this.deliver(stream, delivery, true);
    } catch (error) {
      // The replay could not be read (Redis away): the client reloads instead of missing changes.
      this.logError(error);
      this.push(stream, { type: 'resync' }, lastId ?? '');
    } finally {
      const held = stream.held ?? [];
      stream.held = null;
      for (const delivery of held) this.deliver(stream, delivery);
    }
  }

  /** Publishes changed orders to every process once their transaction has committed. */
  async publishOrderChanges(
    changes: Array<{ event: OrderChangedEvent; before: QueueFacts; after: QueueFacts }>,
  ): Promise<void> {
    // At once in this process: the member who changed the orders may read them again before the bus answers.
    this.options.ordersChanged();
    for (const { event, before, after } of changes) {
      const countsChanged = (Object.keys(before) as Array<keyof QueueFacts>).some((k) => before[k] !== after[k]);
      await this.bus.publish({ event, facts: { before, after }, countsChanged });
    }
  }

  /** A member opened (viewing) or left an order page; answers who is viewing it now. */
  async setPresence(member: Member, orderId: number, tab: string, viewing: boolean) {
    const now = Date.now();
    const viewer = { id: member.id, name: member.name, tab, since: now, expires: now + VIEWER_TTL_MS };
    if (await this.presence.set(orderId, viewer, viewing)) await this.publishPresence(orderId);
    return this.presence.members(orderId);
  }

  logError(error: unknown) {
    this.app.log.warn({ err: error }, 'live event failed');
  }

  /** Ends every stream (before the server closes: open streams would hold it open) and stops listening. */
  async close() {
    clearInterval(this.sweepTimer);
    if (this.countsTimer) clearTimeout(this.countsTimer);
    this.unsubscribe();
    for (const stream of this.streams) stream.end();
    this.streams.clear();
    await this.bus.close();
  }

  private deliver(stream: LiveStream, delivery: BusDelivery, replaying = false) {
    if (stream.held && !replaying) {
      stream.held.push(delivery);
      return;
    }
    if (compareIds(delivery.id, stream.lastId) <= 0) return;
    if (!mayRead(stream.member, delivery, todayUtc())) return;
    this.push(stream, delivery.event, delivery.id);
    if (replaying && delivery.countsChanged) this.refreshCountsSoon();
  }

  private push(stream: LiveStream, event: LiveEvent, id: string) {
    if (!stream.session.isConnected) return;
    stream.session.push(event, 'message', id);
    if (id) stream.lastId = id;
  }

  private refreshCountsSoon() {
    this.countsTimer ??= setTimeout(() => {
      this.countsTimer = null;
      this.refreshCounts().catch((error: unknown) => this.app.log.warn({ err: error }, 'live counts failed'));
    }, this.options.countsDelayMs);
  }

  /** Sends each stream its member's counts when they differ from what it was last sent. */
  private async refreshCounts() {
    const members = new Map([...this.streams].map((s) => [s.member.id, s.member]));
    if (!members.size) return;
    const counts = await this.options.countsOf([...members.values()]);
    for (const stream of this.streams) {
      const visible = Object.fromEntries(
        openQueues(stream.member).map((q) => [q.countField, counts.get(stream.member.id)?.[q.countField] ?? 0]),
      );
      const text = JSON.stringify(visible);
      if (text === stream.counts) continue;
      stream.counts = text;
      this.push(stream, { type: 'counts.changed', counts: visible }, stream.lastId);
    }
  }

  private async publishPresence(orderId: number) {
    await this.bus.publish({ event: { type: 'presence', orderId, members: await this.presence.members(orderId) } });
  }

  private async sweepPresence() {
    try {
      for (const orderId of await this.presence.sweep(Date.now())) await this.publishPresence(orderId);
    } catch (error) {
      this.app.log.warn({ err: error }, 'presence sweep failed');
    }
  }
}
