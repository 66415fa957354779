import type { Readable } from 'node:stream';
import { Type, type TSchema } from 'typebox';

export const SEARCH_REQUIRED = 'Please enter something to search.';

/** A queue by its orderName: a built-in one or a custom queue (custom-<id>); which one the route checks. */
const QueueNameAny = Type.String({
  minLength: 1,
  maxLength: 100,
  errorMessage: { minLength: 'queue is required.', required: 'queue is required.' },
});

export const NextOrderBody = Type.Object({ queue: QueueNameAny });

/** The answer envelope around `data`, as a response schema. */
const envelope = (data: TSchema) => ({
  200: Type.Object({ status: Type.Integer(), message: Type.String(), data: Type.Optional(data) }),
});

export const NextOrderResponse = envelope(Type.Object({ orderId: Type.Integer() }));

export const OrderParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) });

export const HistoryResponse = {
  200: Type.Array(
    Type.Object({
      id: Type.Integer(),
      at: Type.String(),
      by: Type.Union([Type.String(), Type.Null()]),
      action: Type.String(),
      changes: Type.Array(
        Type.Object({
          field: Type.String(),
          from: Type.Optional(Type.Unknown()),
          to: Type.Optional(Type.Unknown()),
          hidden: Type.Optional(Type.Boolean()),
          revertible: Type.Optional(Type.Boolean()),
        }),
      ),
      note: Type.Optional(Type.String()),
    }),
  ),
};

export const RevertBody = Type.Object({
  eventId: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1, errorMessage: 'eventId must be a change of the order.' }),
  version: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 2_147_483_647, errorMessage: 'version must be a whole number.' }),
  ),
});

export const RevertResponse = envelope(Type.Object({ version: Type.Integer() }));

/** GET /api/orders/export: the list's filter (with its queue) and sort as GET /api/orders takes them. */
export const ExportQuery = Type.Object({
  filter: Type.String({
    minLength: 2,
    maxLength: 10_000,
    errorMessage: { required: 'filter is required (with the queue).' },
  }),
  sort: Type.Optional(Type.String({ maxLength: 200 })),
});

export const ExportResponse = { 200: Type.Unsafe<Readable>({ type: 'string', description: 'text/csv, streamed' }) };
