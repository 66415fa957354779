import { Type } from 'typebox';
import { MAIL_TEMPLATE_LIMITS } from '@app/domain';
import { OrderIdField } from '../../core/fields.js';

const templateText = (part: 'subject' | 'body') => Type.String({ minLength: 1, maxLength: MAIL_TEMPLATE_LIMITS[part] });

export const TemplateParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export const VersionParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});

/** A preview renders the saved template, or the words being edited when given. */
export const PreviewBody = Type.Object(
  { orderId: OrderIdField, subject: Type.Optional(templateText('subject')), body: Type.Optional(templateText('body')) },
  { additionalProperties: false },
);
export const TestSendBody = Type.Object({ orderId: OrderIdField }, { additionalProperties: false });

export const RenderedMailAnswer = Type.Object({ subject: Type.String(), html: Type.String(), text: Type.String() });
export const TestSendAnswer = Type.Object({ to: Type.String() });
export const VersionsAnswer = Type.Array(
  Type.Object({
    version: Type.Integer(),
    subject: Type.String(),
    body: Type.String(),
    created_at: Type.String(),
    created_by: Type.Union([Type.String(), Type.Null()]),
  }),
);
export const TemplateAnswer = Type.Object({
  id: Type.Integer(),
  key: Type.String(),
  language: Type.String(),
  brand: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  version: Type.Integer(),
  updated_at: Type.String(),
});
