import { Type } from 'typebox';
import { EVIDENCE_ITEM_KEYS } from '@app/domain';

export const DisputeParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,15}$' }) });
export const EvidenceFileParams = Type.Object({
  id: Type.String({ pattern: '^[0-9]{1,15}$' }),
  itemId: Type.String({ pattern: '^[0-9]{1,15}$' }),
});

/** A missing item a person adds: a text, a file (multipart), or both. */
export const EvidenceItemBody = Type.Object(
  {
    item: Type.Enum(EVIDENCE_ITEM_KEYS),
    text: Type.Optional(Type.String({ maxLength: 20_000 })),
    file: Type.Optional(Type.Object({ filename: Type.String(), bytes: Type.Unsafe<Buffer>({}) })),
  },
  { additionalProperties: false },
);

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const EvidenceAnswer = Type.Object({
  disputeId: Type.Integer(),
  orderId: Type.Union([Type.Integer(), Type.Null()]),
  reasonCategory: Type.String(),
  pack: Type.Integer(),
  checklist: Type.Array(
    Type.Object({
      item: Type.String(),
      stripeField: Type.String(),
      present: Type.Boolean(),
      summary: Nullable(Type.String()),
      added: Type.Array(
        Type.Object({
          id: Type.Integer(),
          text: Nullable(Type.String()),
          fileName: Nullable(Type.String()),
          addedBy: Nullable(Type.String()),
          createdAt: Type.String(),
        }),
      ),
    }),
  ),
  ce3: Type.Union([
    Type.Object({
      programme: Type.String(),
      qualifies: Type.Boolean(),
      pair: Type.Union([Type.Array(Type.Integer()), Type.Null()]),
      elements: Type.Array(Type.String()),
      priors: Type.Array(
        Type.Object({
          orderId: Type.Integer(),
          settledAt: Type.String(),
          daysBeforeDispute: Type.Integer(),
          matches: Type.Array(Type.String()),
          meetsRule: Type.Boolean(),
        }),
      ),
    }),
    Type.Null(),
  ]),
  /** Stripe's evidence fields: texts, and files as references ({file: {name, mimeType, url}}). */
  stripe: Type.Record(Type.String(), Type.Unknown()),
});

export const AddedAnswer = Type.Object({ id: Type.Integer() });

export const DueCountAnswer = Type.Object({ due: Type.Integer() });

export const RateQuery = Type.Object(
  { month: Type.Optional(Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' })) },
  { additionalProperties: false },
);

export const RateAnswer = Type.Object({
  month: Type.String(),
  orders: Type.Integer(),
  disputes: Type.Integer(),
  rate: Type.Number(),
  networks: Type.Array(
    Type.Object({
      network: Type.String(),
      disputes: Type.Integer(),
      rate: Type.Number(),
      threshold: Type.Number(),
      near: Type.Boolean(),
      over: Type.Boolean(),
    }),
  ),
});

/** A Stripe event: what the route reads; the rest of Stripe's object is kept as sent. */
export const StripeEvent = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 191 }),
    type: Type.String({ minLength: 1, maxLength: 64 }),
    data: Type.Object({ object: Type.Object({}, { additionalProperties: true }) }, { additionalProperties: true }),
  },
  { additionalProperties: true },
);

/** The part of a dispute object the desk reads, checked before it is applied. */
export const StripeDispute = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100 }),
    // In the currency's smallest unit; a dispute holds at most 99,999,999.99.
    amount: Type.Integer({ minimum: 1, maximum: 9_999_999_999 }),
    currency: Type.String({ pattern: '^[a-zA-Z]{3}$' }),
    charge: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    payment_intent: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    reason: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
    status: Type.String({ maxLength: 40 }),
    created: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: true },
);

export const WebhookAnswer = Type.Object({
  status: Type.Integer(),
  message: Type.String(),
  data: Type.Optional(Type.Object({ result: Type.String() })),
});
