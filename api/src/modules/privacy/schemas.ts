import { Type } from 'typebox';

export const RetentionId = Type.Object({
  id: Type.Literal('current', { errorMessage: { const: 'id must be current.' } }),
});

export const RetentionBody = Type.Object(
  {
    days: Type.Integer({
      minimum: 30,
      maximum: 3650,
      errorMessage: 'days must be a whole number of days from 30 to 3650.',
    }),
  },
  { additionalProperties: false },
);

export const RetentionRecord = Type.Object({
  id: Type.Literal('current'),
  days: Type.Integer(),
  updatedAt: Type.Union([Type.String(), Type.Null()]),
  keptFields: Type.Array(Type.String()),
  anonymisedFields: Type.Array(Type.String()),
});
