import { Type } from 'typebox';
import { MailEmailField, MailProviderField, OrderIdField, VersionField } from '../../core/fields.js';

export const ResendMailBody = Type.Object({
  orderId: OrderIdField,
  email: MailEmailField,
  mailServiceProvider: MailProviderField,
  /** The version of the order the member saw; a changed order is refused (409). */
  version: VersionField,
});
