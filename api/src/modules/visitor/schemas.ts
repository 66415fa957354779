import { Type } from 'typebox';
import { MESSAGES } from '@app/domain';

/** A number or digits as text; anything else is simply not an order we know. */
const OrderId = Type.String({
  minLength: 1,
  maxLength: 32,
  pattern: '\\S',
  errorMessage: {
    required: MESSAGES.trackOrderIdRequired,
    minLength: MESSAGES.trackOrderIdRequired,
    pattern: MESSAGES.trackOrderIdRequired,
  },
});

const VisitorToken = Type.String({ minLength: 1, maxLength: 200 });

export const TrackOrderBody = Type.Object({
  orderId: OrderId,
  email: Type.String({
    minLength: 1,
    maxLength: 191,
    pattern: '\\S',
    errorMessage: {
      required: MESSAGES.trackEmailRequired,
      minLength: MESSAGES.trackEmailRequired,
      pattern: MESSAGES.trackEmailRequired,
    },
  }),
});

export const DownloadHistoryBody = Type.Object({ orderId: OrderId, token: VisitorToken });

export const DownloadBody = Type.Object({
  orderId: OrderId,
  file1: Type.String({ minLength: 1, maxLength: 191 }),
  token: VisitorToken,
  /** Sent by the app for the record; the server uses its own name for the file. */
  customername: Type.Optional(Type.String({ maxLength: 200 })),
  /** The visitor's IANA time zone, kept as evidence next to the download (additive). */
  timezone: Type.Optional(Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_+\\-/]*$' })),
});
