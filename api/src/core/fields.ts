import { Type } from 'typebox';
import { DEFAULT_MAIL_PROVIDER, MAIL_PROVIDERS, MESSAGES, type MailProvider } from '@app/domain';

/** Request fields that several modules' schemas share (documents, mail, evidence, remarks), with the old system's wording. */

const INVALID_ORDER_ID = 'Please enter a valid order id.';
export const OrderIdField = Type.Integer({
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
  errorMessage: {
    required: 'Order ID is required.',
    type: INVALID_ORDER_ID,
    minimum: INVALID_ORDER_ID,
    maximum: INVALID_ORDER_ID,
  },
});

/** One mailbox: stricter than the sign-in check, as a comma or bracket could smuggle in more recipients. */
const MAILBOX_PATTERN = '^[^\\s@,;<>"()]+@[^\\s@,;<>"()]+\\.[^\\s@,;<>"()]+$';

export const MailEmailField = Type.String({
  minLength: 1,
  maxLength: 191,
  pattern: MAILBOX_PATTERN,
  errorMessage: {
    required: MESSAGES.uploadEmailRequired,
    minLength: MESSAGES.uploadEmailRequired,
    pattern: 'Please enter a valid email.',
    maxLength: 'Please enter a valid email.',
  },
});

export const MailProviderField = Type.Unsafe<MailProvider>({
  type: 'string',
  enum: [...MAIL_PROVIDERS],
  default: DEFAULT_MAIL_PROVIDER,
  errorMessage: { enum: `Please choose a mail provider: ${MAIL_PROVIDERS.join(' or ')}.` },
});

/** The version of one order the member saw (single-order changes: comments, uploads, transaction details). */
export const VersionField = Type.Optional(
  Type.Integer({ minimum: 0, maximum: 2_147_483_647, errorMessage: 'version must be a whole number.' }),
);
