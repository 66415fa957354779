import type { Readable } from 'node:stream';
import { Type, type TSchema } from 'typebox';
import { MAX_PAGE_SIZE, MOVE_TARGET_STATUSES, ORDER_NAMES, type ResourceDefinition } from '@app/domain';

export const SEARCH_REQUIRED = 'Please enter something to search.';
const MONTH_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';

/** The most orders one bulk action may touch: the largest page a table shows. */
const MAX_BULK = MAX_PAGE_SIZE;

/**
 * One order id or a list of them. The validator coerces a single id (number or digits) into a
 * one-item list, so single and bulk actions share the same code.
 */
const OrderIds = Type.Array(Type.Integer({ minimum: 1, errorMessage: 'Order ids must be whole numbers.' }), {
  minItems: 1,
  maxItems: MAX_BULK,
  errorMessage: {
    minItems: 'Please select at least one order.',
    maxItems: `At most ${MAX_BULK} orders can be changed at once.`,
  },
});

/**
 * The versions of the orders the member saw (the stale-write guard), one per order id in the same
 * order; a single one is coerced into a list like the ids. Additive: without it nothing is checked.
 */
const Versions = Type.Array(
  Type.Integer({ minimum: 0, maximum: 2_147_483_647, errorMessage: 'version must be a whole number.' }),
  {
    minItems: 1,
    maxItems: MAX_BULK,
    errorMessage: { minItems: 'version must not be empty.', maxItems: 'version has more items than orderId.' },
  },
);

const MoveTarget = Type.Enum(MOVE_TARGET_STATUSES as string[], {
  errorMessage: `updatingStatus must be one of: ${MOVE_TARGET_STATUSES.join(', ')}.`,
});

const QueueName = Type.Enum(ORDER_NAMES as string[], {
  errorMessage: `Unknown queue. Use one of: ${ORDER_NAMES.join(', ')}.`,
});

export const FolderCountQuery = Type.Object({
  // Sent by the old client; the signed-in member decides whose counts these are.
  userName: Type.Optional(Type.String({ maxLength: 100 })),
});

export const QueueParams = Type.Object({ orderName: QueueName });

/** The fields get-orders-list may sort by: the registry's sortable order fields. */
export const sortableSources = (orders: ResourceDefinition) =>
  orders.fields.filter((f) => f.sortable).map((f) => f.source);

/** get-orders-list's query; `sort` takes the registry's sortable fields (of the app's registry). */
export const QueueListQuery = (orders: ResourceDefinition) =>
  Type.Object({
    page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 10 }),
    // '' (an empty query parameter) means the default: newest first.
    sort: Type.Enum(['', ...sortableSources(orders)], {
      default: '',
      errorMessage: `sort must be one of: ${sortableSources(orders).join(', ')}.`,
    }),
    order: Type.Enum(['', 'asc', 'desc', 'ASC', 'DESC'], { default: '' }),
    /** Future Orders only: the orders of one process month. */
    month: Type.Optional(Type.String({ pattern: MONTH_PATTERN, errorMessage: 'month must be YYYY-MM.' })),
    // Sent by the old client and not needed: the token says who asks, and there is no artificial delay.
    userName: Type.Optional(Type.String({ maxLength: 100 })),
    delay: Type.Optional(Type.String({ maxLength: 10 })),
  });

export const SearchBody = Type.Object({
  folderName: QueueName,
  /** Rows from `start` (0-based) up to but not including `end`. */
  start: Type.Integer({ minimum: 0, maximum: 100_000_000, default: 0 }),
  end: Type.Integer({ minimum: 1, maximum: 100_000_000, default: 10 }),
  searchVal: Type.String({ maxLength: 191, errorMessage: { required: SEARCH_REQUIRED } }),
});

export const AssignBody = Type.Object({
  orderId: OrderIds,
  version: Type.Optional(Versions),
  // Sent by the old client; an order is always assigned to the signed-in member.
  assignto: Type.Optional(Type.String({ maxLength: 100 })),
});

export const OrderIdsBody = Type.Object({ orderId: OrderIds, version: Type.Optional(Versions) });

export const ChangeStatusBody = Type.Object({
  orderId: OrderIds,
  version: Type.Optional(Versions),
  updatingStatus: MoveTarget,
  permanentDeletedFlag: Type.Optional(Type.Boolean()),
});

export const MoveStatusBody = Type.Object({
  orderIds: OrderIds,
  updatingStatus: MoveTarget,
  version: Type.Optional(Versions),
});

export const OrderDetailsParams = Type.Object({
  /** The plain order id, or the encoded id of a view-order link. */
  orderId: Type.String({ minLength: 1, maxLength: 40 }),
});

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
