import { Type } from 'typebox';
import {
  EMAIL_PATTERN,
  INVOICE_ORDER_ID_MIN_LENGTH,
  MAX_PAGE_SIZE,
  MESSAGES,
  MOVE_TARGET_STATUSES,
  ORDER_NAMES,
  PASSWORD_MIN_LENGTH,
  type ResourceDefinition,
} from '@app/domain';
import { MailEmailField, MailProviderField, OrderIdField, VersionField } from '../../core/fields.js';
import { envelopeAnswer, OpenRecord } from '../../http.js';
import { formProperties, recordSchema } from '../../core/registrySchemas.js';
import { SEARCH_REQUIRED } from '../orders/service.js';

/*
 * The old system's request payloads (docs/product.md#the-old-systems-calls): their names, types and
 * messages are the old contract, checked here before a route translates them into service calls.
 */

// Sign-in and one's password.

export const LoginBody = Type.Object({
  email: Type.String({
    maxLength: 191,
    pattern: EMAIL_PATTERN,
    errorMessage: { required: MESSAGES.emailRequired, pattern: MESSAGES.emailInvalid, type: MESSAGES.emailInvalid },
  }),
  password: Type.String({
    minLength: 1,
    maxLength: 200,
    errorMessage: { required: MESSAGES.passwordRequired, minLength: MESSAGES.passwordRequired },
  }),
});

const CURRENT_PASSWORD_REQUIRED = 'Please enter your Current Password.';

export const ChangePasswordBody = Type.Object({
  currentPassword: Type.String({
    minLength: 1,
    maxLength: 200,
    errorMessage: { required: CURRENT_PASSWORD_REQUIRED, minLength: CURRENT_PASSWORD_REQUIRED },
  }),
  newPassword: Type.String({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: 200,
    errorMessage: { required: MESSAGES.newPasswordRequired, minLength: MESSAGES.newPasswordMin },
  }),
});

// Queues and orders.

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

// Manage Team.

const MemberId = (field: string) =>
  Type.Integer({
    minimum: 1,
    errorMessage: { type: `${field} must be a team member id.`, minimum: `${field} must be a team member id.` },
  });

/**
 * Manage Team's bodies and answers (docs/product.md#the-old-systems-calls), made from the registry's team-members entry, the
 * one place its fields are declared: add and update take its form fields with their rules (update
 * names the member, tmId, and may leave the password empty), and a member is answered with its
 * readable fields only (the response schema drops anything else, a password hash above all).
 */
export function teamSchemas(members: ResourceDefinition) {
  return {
    AddMemberBody: Type.Object(formProperties(members, 'create')),
    UpdateMemberBody: Type.Object({ tmId: MemberId('tmId'), ...formProperties(members, 'update') }),
    TeamMemberView: recordSchema(members),
  };
}

export const DeleteMemberBody = Type.Object({
  teamMemberId: MemberId('teamMemberId'),
});

export const MemberParams = Type.Object({ id: MemberId('id') });

// Gateway Setting and the two reports.

export const SwitchBody = Type.Object({
  gatewayId: Type.Integer({
    minimum: 1,
    errorMessage: {
      required: MESSAGES.gatewayRequired,
      type: MESSAGES.gatewayRequired,
      minimum: MESSAGES.gatewayRequired,
    },
  }),
});

const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

const ReportDate = (field: string, label: string) =>
  Type.String({
    pattern: DATE_PATTERN,
    errorMessage: { required: `Please select the ${label} date.`, pattern: `${field} must be a date (YYYY-MM-DD).` },
  });

/** From and To, both included. */
export const DateRangeBody = Type.Object({
  fromDate: ReportDate('fromDate', 'From'),
  toDate: ReportDate('toDate', 'To'),
});

// Mail, invoices and the Defence Packs.

export const ResendMailBody = Type.Object({
  orderId: OrderIdField,
  email: MailEmailField,
  mailServiceProvider: MailProviderField,
  /** The version of the order the member saw; a changed order is refused (409). */
  version: VersionField,
});

/** The order id is required and at least 6 characters; a number is accepted too. */
export const SendInvoiceBody = Type.Object({
  orderId: Type.String({
    minLength: INVOICE_ORDER_ID_MIN_LENGTH,
    // Longer than any order id, and still a safe integer.
    maxLength: 15,
    pattern: '^[0-9]+$',
    errorMessage: {
      required: MESSAGES.invoiceOrderIdRequired,
      minLength: MESSAGES.invoiceOrderIdMin,
      pattern: 'Please enter a valid order id.',
      maxLength: 'Please enter a valid order id.',
      type: 'Please enter a valid order id.',
    },
  }),
  /** The version of the order the member saw; a changed order is refused (409). */
  version: VersionField,
});

/** An invoice mail of Email History, by its outbox id. */
export const InvoiceParams = Type.Object({
  mailId: Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1, errorMessage: 'Please give a valid mail id.' }),
});

export const DefencePackBody = Type.Object({
  orderId: OrderIdField,
  defencePackType: Type.Integer({
    minimum: 1,
    maximum: 2,
    errorMessage: {
      required: 'Please choose Defence Pack 1 or 2.',
      type: 'Please choose Defence Pack 1 or 2.',
      minimum: 'Please choose Defence Pack 1 or 2.',
      maximum: 'Please choose Defence Pack 1 or 2.',
    },
  }),
});

const requiredText = (maxLength: number, message: string) =>
  Type.String({
    minLength: 1,
    maxLength,
    // At least one visible character: a blank id is no id.
    pattern: '\\S',
    errorMessage: {
      required: message,
      minLength: message,
      pattern: message,
      maxLength: `At most ${maxLength} characters.`,
    },
  });

export const DefencePackDetailsBody = Type.Object({
  orderId: OrderIdField,
  transactionId: requiredText(100, MESSAGES.transactionIdRequired),
  merchantName: requiredText(150, MESSAGES.merchantNameRequired),
  version: VersionField,
});

// The visitor site.

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

/*
 * The old system's answers: the envelope, with `data` as each call answers it. Rows of orders and reports
 * carry the fields of the registry (custom ones too) already cut to what the role may read: open records.
 */

export const FolderCountAnswer = envelopeAnswer(Type.Record(Type.String(), Type.Number()));

export const OrdersPageAnswer = envelopeAnswer(Type.Array(OpenRecord), {
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});

export const SearchAnswer = envelopeAnswer(Type.Array(OpenRecord), { total: Type.Integer() });

export const FutureMonthsAnswer = envelopeAnswer(
  Type.Array(Type.Object({ month: Type.String(), label: Type.String(), count: Type.Number() })),
);

export const RecordAnswer = envelopeAnswer(OpenRecord);

export const RecordsAnswer = envelopeAnswer(Type.Array(OpenRecord));

export const UploadAnswer = envelopeAnswer(Type.Object({ file1: Type.String(), link: Type.String() }));

export const RolesAnswer = envelopeAnswer(Type.Array(Type.String()));

export const GatewaysAnswer = envelopeAnswer(
  Type.Array(Type.Object({ id: Type.Integer(), gateway_name: Type.String(), is_active: Type.String() })),
);

export const TrackOrderAnswer = envelopeAnswer(Type.Object({ orderId: Type.Integer(), token: Type.String() }));

export const DownloadHistoryAnswer = {
  200: Type.Object({
    status: Type.Integer(),
    message: Type.String(),
    data: Type.Array(OpenRecord),
    mainResult: OpenRecord,
    path: Type.Union([Type.Object({ file1: Type.String() }), Type.Null()]),
  }),
};

export const DownloadAnswer = envelopeAnswer(Type.Object({ url: Type.String(), fileName: Type.String() }));
