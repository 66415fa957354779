import { Type } from 'typebox';
import { INVOICE_ORDER_ID_MIN_LENGTH, MESSAGES } from '@app/domain';
import { VersionField } from '../../core/fields.js';

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
