import { Type } from 'typebox';
import { envelopeAnswer } from '../../http.js';
import { TICKET_PATTERN } from './tickets.js';

/** An event id as the stream sends it ({ms}-{seq}). */
const EventId = Type.String({
  pattern: '^[0-9]{1,15}-[0-9]{1,9}$',
  errorMessage: 'lastEventId must be an event id from the stream.',
});

export const TicketQuery = Type.Object({
  /** The last event the client saw: the stream opened with this ticket replays what came after it. */
  lastEventId: Type.Optional(EventId),
});

export const StreamQuery = Type.Object({
  ticket: Type.Optional(Type.String({ pattern: TICKET_PATTERN, errorMessage: 'The ticket is not valid.' })),
});

export const PresenceBody = Type.Object({
  orderId: Type.Integer({ minimum: 1, errorMessage: 'orderId must be an order id.' }),
  /** The browser tab, so that a member with the order open twice leaves only when both have left. */
  tab: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$', errorMessage: 'tab must be 1 to 40 letters or digits.' }),
  viewing: Type.Boolean({ errorMessage: 'viewing must be true or false.' }),
});

export const TicketAnswer = envelopeAnswer(Type.Object({ ticket: Type.String(), expiresIn: Type.Number() }));

export const PresenceAnswer = envelopeAnswer(
  Type.Object({
    orderId: Type.Integer(),
    members: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  }),
);
