import { Type } from 'typebox';
import { MESSAGES } from '@app/domain';
import { VersionField } from '../../core/fields.js';

/** A ticked checkbox is 'Y'; absent, '' or 'N' is not ticked. */
const Flag = Type.Optional(Type.Enum(['Y', 'N', ''], { errorMessage: 'Flags must be Y or N.' }));

export const AddRemarkBody = Type.Object({
  orderId: Type.Integer({
    minimum: 1,
    errorMessage: { type: 'orderId must be an order id.', minimum: 'orderId must be an order id.' },
  }),
  remark: Type.String({
    minLength: 1,
    maxLength: 5000,
    errorMessage: {
      required: MESSAGES.remarkRequired,
      minLength: MESSAGES.remarkRequired,
      maxLength: 'A remark can be at most 5000 characters.',
    },
  }),
  // Sent by the old client; the remarker is the signed-in member.
  remarkerName: Type.Optional(Type.String({ maxLength: 100 })),
  whatsapp: Flag,
  telephone: Flag,
  statusRefund: Flag,
  voided: Flag,
  chargeBack: Flag,
  reportError: Flag,
  version: VersionField,
});
