import { Type } from 'typebox';
import { envelopeAnswer } from '../../http.js';

/** A SendGrid batch: each event names its kind and time; the rest is read where known. */
export const SendgridBatch = Type.Array(
  Type.Object(
    {
      event: Type.String({ minLength: 1, maxLength: 40 }),
      timestamp: Type.Integer({ minimum: 0 }),
      'smtp-id': Type.Optional(Type.String({ maxLength: 998 })),
      sg_message_id: Type.Optional(Type.String({ maxLength: 255 })),
      sg_event_id: Type.Optional(Type.String({ maxLength: 150 })),
    },
    { additionalProperties: true },
  ),
  { minItems: 1, maxItems: 5000 },
);

const snsText = (maxLength: number) => Type.String({ minLength: 1, maxLength });

/** An SNS HTTP(S) delivery (sent as text/plain JSON). */
export const SnsMessage = Type.Object(
  {
    Type: Type.Union([
      Type.Literal('Notification'),
      Type.Literal('SubscriptionConfirmation'),
      Type.Literal('UnsubscribeConfirmation'),
    ]),
    MessageId: snsText(100),
    TopicArn: snsText(256),
    Message: snsText(262_144),
    Timestamp: snsText(40),
    SignatureVersion: snsText(4),
    Signature: snsText(1024),
    SigningCertURL: Type.Optional(Type.String({ maxLength: 1024 })),
    Subject: Type.Optional(Type.String({ maxLength: 256 })),
    Token: Type.Optional(Type.String({ maxLength: 1024 })),
    SubscribeURL: Type.Optional(Type.String({ maxLength: 2048 })),
    UnsubscribeURL: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  { additionalProperties: true },
);

/** What a batch of delivery events did: recorded, already known, or about no mail of ours. */
export const RecordedAnswer = envelopeAnswer(
  Type.Object({ recorded: Type.Integer(), duplicates: Type.Integer(), ignored: Type.Integer() }),
);
