import { MAIN_BRAND, PARTNER_BRAND } from './brands.js';

/**
 * Mail templates: every customer mail is a template per key, language and brand, kept by Admins
 * (/api/mail-templates). What the API and the admin share: the languages, brands, keys and the
 * variables a template may use.
 */

/** The visitor app's languages; English is every other language's fallback. */
export const MAIL_LANGUAGES = ['en', 'th', 'zh', 'ja', 'ko', 'ru', 'fr', 'de', 'es'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];
export const DEFAULT_MAIL_LANGUAGE: MailLanguage = 'en';

export const MAIL_BRANDS = [MAIN_BRAND.id, PARTNER_BRAND.id] as const;
/** A brand without its own template of a mail gets this brand's. */
export const DEFAULT_MAIL_BRAND = MAIN_BRAND.id;

/**
 * The mails the product sends itself; Admins may add keys of their own (a macro's or a rule's mail).
 * `approval` is also the resend of a document.
 */
export const BUILT_IN_MAIL_KEYS = ['approval', 'invoice', 'refund', 'chase'] as const;
/** A key names the mail kind in the outbox (20 characters at most). */
export const MAIL_TEMPLATE_KEY_PATTERN = '^[a-z][a-z0-9_]{1,19}$';

/**
 * What a template may show: only what the customer's own mail may contain (never an internal field).
 * A value that does not apply to an order is nil (`{% if amount %}` tests it).
 */
export const MAIL_TEMPLATE_VARIABLES = [
  'order_id',
  'first_name',
  'last_name',
  'full_name',
  'email',
  'track_url',
  'brand_name',
  'support_email',
  'country_name',
  'amount',
  'currency',
  'order_date',
  'paid_on',
  'refund_date',
  'mail_date',
  'message',
] as const;
export type MailTemplateVariable = (typeof MAIL_TEMPLATE_VARIABLES)[number];

/** Subject and body sizes a template may have. */
export const MAIL_TEMPLATE_LIMITS = { subject: 300, body: 20_000 } as const;
