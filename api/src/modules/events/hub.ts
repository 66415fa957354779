import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createSession, type Session } from 'better-sse';
import {
  can,
  matchesQueue,
  mayOpenQueue,
  QUEUES,
  todayUtc,
  type LiveEvent,
  type NotificationEvent,
  type OrderChangedEvent,
  type QueueDefinition,
  type QueueFacts,
} from '@app/domain';
import { HttpError } from '../../http.js';
import type { Member, TokenPayload } from '../../types.js';
import { compareIds, type BusDelivery, type EventBus, type StreamsEnd } from './bus.js';
import { VIEWER_TTL_MS, type PresenceStore } from './presence.js';
import type { SlotLimit, StreamSlots } from './slots.js';
import type { TicketStore } from './tickets.js';

/** Who opens a stream: the member, the token they opened it with, and the client's address. */
export interface StreamOwner {
  member: Member;
  payload: TokenPayload;
  address: string;
}

/**
 * One open stream: whose it is, with which token (it ends with the session), the slots it holds, and
 * the last event id it was sent (replays and live events never repeat).
 */
interface LiveStream {
  member: Member;
  payload: TokenPayload;
  slotId: string;
  limits: SlotLimit[];
  session: Session;
  end: () => void;
  lastId: string;
  /** Live deliveries held while the replay of missed events is read. */
  held: BusDelivery[] | null;
  counts?: string;
}

export interface HubOptions {
  /** Interval of the keep-alive comments that stop proxies from closing an idle stream; each also re-checks the session. */
  heartbeatMs: number;
  /** Streams open at once per member and per address (every process, with Redis). */
  streamsPerMember: number;
  streamsPerAddress: number;
  /** The member a token still speaks for (not signed out, same token version), else undefined. */
  sessionOf: (payload: TokenPayload) => Promise<Member | undefined>;
  /** How long queue-count refreshes are gathered: a batch of changes costs one read of the counters. */
  countsDelayMs: number;
  /** The folder counts of these members, by member id (the orders service). */
  countsOf: (members: Member[]) => Promise<Map<number, Record<string, number>>>;
  /** The custom queues as they stand: a member sees the counts of those their role may open. */
  customQueues?: () => readonly QueueDefinition[];
  /**
   * The configuration changed, here or in another process: the process reloads it before any
   * stream hears of it (and of what follows), so that a client told of the change reads the new one.
   */
  configurationChanged: (version: number) => Promise<void>;
}

/** The queues a member's role may open (built-in ones). */
const openQueues = (member: Member) => QUEUES.filter((q) => mayOpenQueue(q, member.type));

/** Whether the member may read an event: an order change only if the order is (or was) in a queue they may open. */
function mayRead(member: Member, delivery: BusDelivery, today: string): boolean {
  if (!can(member.type, 'orders.read')) return false;
  if (delivery.recipients) return delivery.recipients.includes(member.id);
  if (delivery.event.type === 'disputes.changed') return can(member.type, 'disputes.read');
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
  private readonly sessionTimer: NodeJS.Timeout;
  private checkingSessions = false;
  private readonly unsubscribe: Array<() => void>;
  /** Deliveries held, in order, behind a configuration reload (none while nothing reloads). */
  private reloading: Promise<void> | null = null;

  constructor(
    private readonly app: FastifyInstance,
    readonly bus: EventBus,
    readonly presence: PresenceStore,
    readonly tickets: TicketStore,
    private readonly slots: StreamSlots,
    private readonly options: HubOptions,
  ) {
    this.unsubscribe = [
      bus.subscribe((delivery) => {
        const { event } = delivery;
        if (event.type !== 'configuration.changed' && !this.reloading) return this.receive(delivery);
        const reloaded = event.type === 'configuration.changed' ? this.reloadConfiguration(event.version) : null;
        const held: Promise<void> = (this.reloading ?? Promise.resolve())
          .then(() => reloaded)
          .then(() => {
            if (this.reloading === held) this.reloading = null;
            this.receive(delivery);
          });
        this.reloading = held;
      }),
      bus.subscribeEnd((target) => this.endHere(target)),
    ];
    this.sweepTimer = setInterval(() => void this.sweepPresence(), VIEWER_TTL_MS / 3);
    this.sweepTimer.unref();
    this.sessionTimer = setInterval(() => void this.checkSessions(), options.heartbeatMs);
    this.sessionTimer.unref();
  }

  private receive(delivery: BusDelivery) {
    for (const stream of this.streams) this.deliver(stream, delivery);
    if (delivery.countsChanged) this.refreshCountsSoon();
  }

  private reloadConfiguration(version: number) {
    return this.options.configurationChanged(version).catch((error: unknown) => this.logError(error));
  }

  get openStreams(): number {
    return this.streams.size;
  }

  /**
   * Takes over the response as an event stream; missed events after `lastId` are replayed first. Refused
   * (429) when the member or the address has as many streams open as allowed: one account could
   * otherwise hold every connection the server has.
   */
  async open(
    request: FastifyRequest,
    reply: FastifyReply,
    { member, payload, address }: StreamOwner,
    lastId: string | null,
  ) {
    const { streamsPerMember, streamsPerAddress } = this.options;
    const limits = [
      { key: `member:${member.id}`, max: streamsPerMember },
      { key: `address:${address}`, max: streamsPerAddress },
    ];
    const slotId = crypto.randomUUID();
    const full = await this.slots.take(slotId, limits);
    if (full) {
      // The refused client's connection goes too: a flood of refused requests holds no sockets.
      reply.header('connection', 'close');
      throw new HttpError(
        429,
        full === limits[0]
          ? `You have ${streamsPerMember} live updates open, the most one member may have. Close another tab of the back-office and try again.`
          : `This address has ${streamsPerAddress} live updates open, the most allowed. Close another tab of the back-office and try again.`,
      );
    }
    try {
      reply.hijack();
      await this.startStream(request, reply, { member, payload, slotId, limits }, lastId);
    } catch (error) {
      await this.slots.release(slotId, limits);
      throw error;
    }
  }

  private async startStream(
    request: FastifyRequest,
    reply: FastifyReply,
    owner: Pick<LiveStream, 'member' | 'payload' | 'slotId' | 'limits'>,
    lastId: string | null,
  ) {
    const session = await createSession(request.raw, reply.raw, {
      keepAlive: this.options.heartbeatMs,
      retry: 2000,
      trustClientEventId: false,
      headers: { 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' },
    });
    const stream: LiveStream = { ...owner, session, end: () => reply.raw.end(), lastId: lastId ?? '', held: [] };
    this.streams.add(stream);
    session.once('disconnected', () => void this.finish(stream));
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
    changes: Array<{ event: OrderChangedEvent; before: QueueFacts; after: QueueFacts; countsChanged?: boolean }>,
  ): Promise<void> {
    for (const { event, before, after, countsChanged: queuesChanged } of changes) {
      const countsChanged =
        !!queuesChanged || (Object.keys(before) as Array<keyof QueueFacts>).some((k) => before[k] !== after[k]);
      await this.bus.publish({ event, facts: { before, after }, countsChanged });
    }
  }

  /** Tells every process and every open stream that the configuration changed, once it has committed. */
  async publishConfigurationChanged(version: number): Promise<void> {
    await this.bus.publish({ event: { type: 'configuration.changed', version } });
  }

  /** Publishes a notification to the streams of the members it is for, in every process. */
  async publishNotification(recipients: number[], event: NotificationEvent): Promise<void> {
    await this.bus.publish({ event, recipients });
  }

  /** Tells every stream how many disputes wait for an answer now. */
  async publishDisputesChanged(due: number): Promise<void> {
    await this.bus.publish({ event: { type: 'disputes.changed', due } });
  }

  /** A member opened (viewing) or left an order page; answers who is viewing it now. */
  async setPresence(member: Member, orderId: number, tab: string, viewing: boolean) {
    const now = Date.now();
    const viewer = { id: member.id, name: member.name, tab, since: now, expires: now + VIEWER_TTL_MS };
    if (await this.presence.set(orderId, viewer, viewing)) await this.publishPresence(orderId);
    return this.presence.members(orderId);
  }

  /**
   * Ends the streams of a session that ended (sign-out, password or role change, deletion), here at once
   * and in every other process through the bus.
   */
  async endStreams(target: StreamsEnd) {
    this.endHere(target);
    await this.bus.publishEnd(target);
  }

  logError(error: unknown) {
    this.app.log.warn({ err: error }, 'live event failed');
  }

  /** Ends every stream (before the server closes: open streams would hold it open) and stops listening. */
  async close() {
    clearInterval(this.sweepTimer);
    clearInterval(this.sessionTimer);
    if (this.countsTimer) clearTimeout(this.countsTimer);
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    await Promise.all([...this.streams].map((stream) => this.finish(stream)));
    await this.bus.close();
  }

  /** Ends a stream and gives its slots back (once, whichever of the client or the server ends it). */
  private async finish(stream: LiveStream) {
    if (!this.streams.delete(stream)) return;
    stream.end();
    await this.slots.release(stream.slotId, stream.limits).catch((error: unknown) => this.logError(error));
  }

  private endHere({ memberId, tokenId }: StreamsEnd) {
    for (const stream of this.streams) {
      if (stream.member.id === memberId || stream.payload.jti === tokenId) void this.finish(stream);
    }
  }

  /**
   * At each heartbeat: ends the streams whose session ended in a way no message announced (the token
   * revoked or its member changed or gone while the bus was away), and renews the slots of the others.
   */
  private async checkSessions() {
    if (this.checkingSessions || !this.streams.size) return;
    this.checkingSessions = true;
    try {
      // First: a database that does not answer must not let the slots of open streams lapse.
      await this.slots.renew([...this.streams]);
      const byToken = new Map<string, LiveStream[]>();
      for (const s of this.streams) byToken.set(s.payload.jti, [...(byToken.get(s.payload.jti) ?? []), s]);
      for (const streams of byToken.values()) {
        const member = await this.options.sessionOf(streams[0]!.payload);
        for (const stream of streams) {
          if (!member || member.type !== stream.member.type) await this.finish(stream);
        }
      }
    } catch (error) {
      this.logError(error);
    } finally {
      this.checkingSessions = false;
    }
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
    const customQueues = this.options.customQueues?.() ?? [];
    for (const stream of this.streams) {
      // The counts of the queues the member's role may open, custom ones (custom-<id>) included.
      const queues = [...openQueues(stream.member), ...customQueues.filter((q) => mayOpenQueue(q, stream.member.type))];
      const visible = Object.fromEntries(
        queues.map((q) => [q.countField, counts.get(stream.member.id)?.[q.countField] ?? 0]),
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
