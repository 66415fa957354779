import { Type } from 'typebox';
import { MESSAGES } from '@app/domain';
import { OrderIdField, VersionField } from '../../core/fields.js';

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
