import { Type } from 'typebox';

export const NotificationsQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    unread: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** Which notifications: their ids, or 'all' of the member's. */
export const NotificationIdsBody = Type.Object(
  {
    ids: Type.Union([Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500 }), Type.Literal('all')]),
  },
  { additionalProperties: false },
);

const Notification = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  title: Type.String(),
  body: Type.Union([Type.String(), Type.Null()]),
  link: Type.Union([Type.String(), Type.Null()]),
  read: Type.Boolean(),
  createdAt: Type.String(),
});

export const NotificationsAnswer = Type.Object({
  notifications: Type.Array(Notification),
  unread: Type.Integer(),
});

export const ChangedAnswer = Type.Object({ changed: Type.Integer() });
