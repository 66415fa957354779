import { Type } from 'typebox';
import { MAIL_TEMPLATE_LIMITS } from '@app/domain';
import { MailEmailField, MailProviderField, OrderIdField, VersionField } from '../../core/fields.js';

export const ResendMailBody = Type.Object({
  orderId: OrderIdField,
  email: MailEmailField,
  mailServiceProvider: MailProviderField,
  /** The version of the order the member saw; a changed order is refused (409). */
  version: VersionField,
});

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
