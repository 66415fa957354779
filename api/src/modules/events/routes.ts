import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { can } from '@app/domain';
import { forbidden, HttpError, ok, streamAnswer } from '../../http.js';
import type { TokenPayload } from '../../types.js';
import { isEventId } from './bus.js';
import { PresenceAnswer, PresenceBody, StreamQuery, TicketAnswer, TicketQuery } from './schemas.js';
import { startHub, stopHub } from './service.js';
import { TICKET_TTL_MS } from './tickets.js';

const tags = ['events'];
const unauthorized = (message: string) => new HttpError(401, message);

/** Live work: the event stream, its tickets, and who is viewing which order. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const hub = await startHub(app, {
    heartbeatMs: app.config.liveHeartbeatMs,
    streamsPerMember: app.config.liveStreamsPerMember,
    streamsPerAddress: app.config.liveStreamsPerAddress,
    // Through the decorations of auth and orders, which tell the live hub of their changes (they import events).
    sessionOf: (payload) => app.authService.sessionMember(app, payload),
    countsDelayMs: 100,
    countsOf: (members) => app.ordersService.folderCountsOf(app.db, members),
    customQueues: () => app.ordersService.configuredCustomQueues(app),
    configurationChanged: (version) => app.configuration.reload(version),
  });
  // Before the server closes: an open stream would otherwise keep it waiting.
  app.addHook('preClose', () => stopHub(app, hub));

  // Per member across processes (Redis when set): a ticket costs a store write, and nobody needs many.
  const ticketRateLimit = {
    max: app.config.liveTicketRateMax,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `events-ticket|${request.member.id}`,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      new HttpError(
        429,
        `Too many live update tickets asked for. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} second(s) and try again.`,
      ),
  };

  app.post(
    '/admin/events/ticket',
    {
      schema: { tags, querystring: TicketQuery, response: TicketAnswer },
      config: { permission: 'orders.read', rateLimit: ticketRateLimit, passive: true },
    },
    async (request) => {
      const ticket = await hub.tickets.issue({
        payload: request.user,
        lastEventId: request.query.lastEventId ?? null,
      });
      return ok('Event stream ticket.', { ticket, expiresIn: TICKET_TTL_MS / 1000 });
    },
  );

  /**
   * text/event-stream. Open to the auth plugin (`public`) because an EventSource cannot send headers: it
   * checks a single-use `?ticket=` itself, or the Authorization header as every other route does.
   */
  app.get(
    '/admin/events',
    {
      schema: {
        response: streamAnswer('text/event-stream'),
        tags,
        querystring: StreamQuery,
        produces: ['text/event-stream'],
      },
      config: { public: true, permission: 'orders.read' },
    },
    async (request, reply) => {
      let payload: TokenPayload | undefined;
      let lastId: string | null = null;
      if (request.query.ticket) {
        const holder = await hub.tickets.redeem(request.query.ticket);
        if (!holder) throw unauthorized('The ticket is used or expired. Please ask for a new one.');
        ({ payload, lastEventId: lastId } = holder);
      } else {
        if (!request.headers.authorization) throw unauthorized('Please sign in to continue.');
        payload = await request.jwtVerify<TokenPayload>().catch(() => undefined);
        const header = request.headers['last-event-id'];
        if (typeof header === 'string' && isEventId(header)) lastId = header;
      }
      const member = await app.authService.sessionMember(app, payload);
      if (!member) throw unauthorized('Your session is no longer valid. Please sign in again.');
      if (!can(member.type, 'orders.read')) throw forbidden();
      await hub.open(
        request,
        reply,
        {
          member: { id: member.id, name: member.name, email: member.email, type: member.type },
          payload: payload!,
          address: request.ip,
        },
        lastId,
      );
    },
  );

  app.put(
    '/admin/events/presence',
    { schema: { tags, body: PresenceBody, response: PresenceAnswer }, config: { permission: 'orders.read' } },
    async (request) => {
      const { orderId, tab, viewing } = request.body;
      const members = await hub.setPresence(request.member, orderId, tab, viewing);
      return ok('Viewers of the order.', { orderId, members });
    },
  );
};

export default routes;
