import { Type } from 'typebox';
import { MailEmailField, MailProviderField, OrderIdField } from '../../core/fields.js';

export const ResendMailBody = Type.Object({
  orderId: OrderIdField,
  email: MailEmailField,
  mailServiceProvider: MailProviderField,
});
