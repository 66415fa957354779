import type { Knex } from 'knex';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { brandForHost, encodeId, formatUtc, nowUtc, type Brand, type MailTemplateVariable } from '@app/domain';
import type { AppConfig } from '../../config.js';
import { badRequest } from '../../http.js';
import type { Storage } from '../../storage/index.js';
import { findDocument, latestDocument, readDocumentBytes } from '../files/service.js';
import { mailLanguageOfNationality } from './languages.js';
import { renderLiquid, type MailVariables } from './liquid.js';
import { findMailOrder, latestOutboxRowOf, type MailOrder, type OutboxRow } from './repo.js';
import { findTemplate, templateFor, type MailTemplateRow, type TemplateText } from './templateRepo.js';

/** What rendering a mail needs besides the outbox row. */
export interface MailContext {
  db: Knex;
  config: AppConfig;
  storage: Storage;
}

/** Values a caller adds to (or sets in) a mail's variables: a macro's or a rule's message. */
export type ExtraVariables = Partial<Record<MailTemplateVariable, string>>;

/** The customer link of the old system: the tracking page on the admin host, with the encoded id. */
export const trackOrderLink = (config: AppConfig, orderId: number) =>
  `${config.publicAdminUrl}/track-order/${encodeId(orderId)}`;

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const CHARACTERS = Object.fromEntries(Object.entries(ENTITIES).map(([c, e]) => [e, c]));
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
/** Undoes the escaping of a template's output (Liquid's `escape`), in one pass: for the text part and the subject. */
const unescapeHtml = (html: string) => html.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => CHARACTERS[entity]!);

/**
 * A rendered body in the brand's frame, as plain text and as an HTML page: paragraphs are separated
 * by a blank line, a single newline is a line break, addresses become links.
 */
function framed(brand: Brand, rendered: string): { text: string; html: string } {
  const paragraphs = rendered
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const footer = brand.footer;
  const text = [...paragraphs.map(unescapeHtml), footer].join('\n\n');
  const html = paragraphs
    .map((p) => p.replace(/https?:\/\/[^\s<"']+/g, (url) => `<a href="${url}">${url}</a>`))
    .map((p) => `<p style="margin:0 0 14px">${p.replace(/\n/g, '<br>')}</p>`)
    .join('');
  return {
    text,
    html:
      `<!doctype html><html><body style="margin:0;background:#f0f4f8;font-family:Arial,sans-serif;color:#1f2933">` +
      `<div style="max-width:600px;margin:0 auto;background:#fff">` +
      `<div style="background:#0b3d63;color:#fff;padding:18px 24px;font-size:20px;font-weight:bold">${escapeHtml(brand.name)}</div>` +
      `<div style="padding:24px;font-size:15px;line-height:1.5">${html}</div>` +
      `<div style="padding:16px 24px;font-size:12px;color:#616e7c;border-top:1px solid #d9e2ec">${escapeHtml(footer)}</div>` +
      `</div></body></html>`,
  };
}

const DATE = 'D MMMM YYYY';
const dateOrNull = (value: string | null) => (value ? formatUtc(value, DATE) || null : null);

/** What a template of an order's mail may show (the allow-list of variables), from the order and its brand. */
export function mailVariables(
  config: AppConfig,
  order: MailOrder,
  brand: Brand,
  mailDate: string,
  extra: ExtraVariables = {},
): MailVariables {
  return {
    order_id: order.order_id,
    first_name: order.first_name,
    last_name: order.last_name,
    full_name: order.full_name,
    email: order.email,
    track_url: trackOrderLink(config, order.order_id),
    brand_name: brand.name,
    support_email: brand.supportEmail,
    country_name: config.countryName,
    amount: order.amount ? `${Number(order.amount).toFixed(2)} ${order.currency ?? ''}`.trimEnd() : null,
    currency: order.currency,
    order_date: dateOrNull(order.created_at),
    paid_on: dateOrNull(order.paid_at),
    refund_date: dateOrNull(order.refund_date),
    mail_date: formatUtc(mailDate, DATE),
    message: null,
    ...extra,
  };
}

/** A template rendered: the subject as one line of plain text, the body framed in the brand. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export async function renderTemplateText(
  template: TemplateText,
  variables: MailVariables,
  brand: Brand,
): Promise<RenderedMail> {
  const [subject, body] = await Promise.all([
    renderLiquid(template.subject, variables),
    renderLiquid(template.body, variables),
  ]);
  return { subject: unescapeHtml(subject).replace(/\s+/g, ' ').trim().slice(0, 255), ...framed(brand, body) };
}

/** The template of an order's mail: in the order's language (from its nationality) and brand (its landing domain). */
export const templateForOrder = (db: Knex, key: string, order: MailOrder) =>
  templateFor(db, key, mailLanguageOfNationality(order.nationality), brandForHost(order.landing_domain).id);

/** An order's mail `key` rendered, with `template` if given (a preview or a test), else the order's own template. */
export async function renderOrderMail(
  db: Knex,
  config: AppConfig,
  key: string,
  orderId: number,
  options: {
    template?: TemplateText;
    mailDate: string;
    vars?: ExtraVariables;
    /** The order as the reader may read it (View Email Content): hidden fields blanked before rendering. */
    asReadBy?: (order: MailOrder) => MailOrder;
  },
): Promise<
  { order: MailOrder; brand: Brand; template: TemplateText; rendered: RenderedMail; blanked: boolean } | undefined
> {
  const found = await findMailOrder(db, orderId);
  if (!found) return undefined;
  const order = options.asReadBy ? options.asReadBy(found) : found;
  const blanked = Object.entries(found).some(([key, value]) => order[key as keyof MailOrder] !== value);
  const brand = brandForHost(order.landing_domain);
  const template: MailTemplateRow | TemplateText | undefined =
    options.template ?? (await templateForOrder(db, key, order));
  if (!template) throw badRequest(`There is no mail template "${key}".`);
  const variables = mailVariables(config, order, brand, options.mailDate, options.vars);
  return { order, brand, template, rendered: await renderTemplateText(template, variables, brand), blanked };
}

/**
 * What an outbox row keeps to render its mail again on any retry. `templateId`: a test send of that
 * template (to the Admin who asked, with no attachment).
 */
type Payload = {
  orderId?: number;
  documentId?: number;
  issuedAt?: string;
  templateId?: number;
  vars?: ExtraVariables;
};

/** An outbox row's words, from the order as it is now and the template as it is now. */
async function outboxWords(db: Knex, config: AppConfig, row: OutboxRow, asReadBy?: (order: MailOrder) => MailOrder) {
  const payload = JSON.parse(row.payload) as Payload;
  const orderId = Number(payload.orderId ?? row.order_id);
  const tested = payload.templateId ? await findTemplate(db, payload.templateId) : undefined;
  if (payload.templateId && !tested) throw new Error(`Mail template ${payload.templateId} no longer exists`);
  const mail = await renderOrderMail(db, config, row.kind, orderId, {
    template: tested,
    mailDate: payload.issuedAt ?? row.created_at,
    vars: payload.vars,
    asReadBy,
  });
  if (!mail) throw new Error(`Order ${orderId} does not exist`);
  return { payload, ...mail };
}

async function approvalAttachment(ctx: MailContext, row: OutboxRow, payload: Payload, order: MailOrder) {
  const documentId = row.document_id ?? payload.documentId;
  const document = documentId ? await findDocument(ctx.db, documentId) : await latestDocument(ctx.db, order.order_id);
  if (!document) throw new Error(`Order ${order.order_id} has no uploaded document to send`);
  return {
    filename: `${ctx.config.countryName.replace(/\W+/g, '-')}-Arrival-Card-${order.order_id}.${EXTENSIONS[document.mime_type] ?? 'pdf'}`,
    content: await readDocumentBytes(ctx.storage, document.storage_key),
    contentType: document.mime_type,
  };
}

/** react-pdf loads with the first invoice, not with every process that starts the API (tests, workers). */
const invoicePdfOf = async (ctx: MailContext, row: OutboxRow, payload: Payload, order: MailOrder, brand: Brand) =>
  (await import('./invoicePdf.js')).renderInvoicePdf(order, {
    brand,
    countryName: ctx.config.countryName,
    issuedAt: payload.issuedAt ?? row.created_at,
  });

/** The invoice an invoice mail carries (or carried): the order as it is now, issued at the time fixed when queued. */
export async function renderInvoiceOf(ctx: MailContext, row: OutboxRow): Promise<Buffer | null> {
  if (row.kind !== 'invoice') return null;
  const payload = JSON.parse(row.payload) as Payload;
  const order = await findMailOrder(ctx.db, Number(payload.orderId ?? row.order_id));
  if (!order) return null;
  return invoicePdfOf(ctx, row, payload, order, brandForHost(order.landing_domain));
}

/** The files a mail carries: the document of an approval mail, the invoice of an invoice mail; none in a test. */
async function attachmentsOf(ctx: MailContext, row: OutboxRow, payload: Payload, order: MailOrder, brand: Brand) {
  if (payload.templateId) return [];
  if (row.kind === 'approval') return [await approvalAttachment(ctx, row, payload, order)];
  if (row.kind === 'invoice')
    return [
      {
        filename: `Invoice-${order.order_id}.pdf`,
        content: await invoicePdfOf(ctx, row, payload, order, brand),
        contentType: 'application/pdf',
      },
    ];
  return [];
}

/** The address part of MAIL_FROM ('Name <a@b>' or 'a@b'). */
const fromAddress = (mailFrom: string) => /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();

/**
 * View Email Content: the approval mail of an order as the outbox sends (or sent) it, its latest
 * one, rendered by the same code; one not queued yet as it would be now. Undefined for an unknown order.
 */
export async function approvalMailOf(
  config: AppConfig,
  db: Knex,
  orderId: number,
  asReadBy: (order: MailOrder) => MailOrder = (order) => order,
) {
  const row = await latestOutboxRowOf(db, orderId, 'approval');
  const mail = row
    ? await outboxWords(db, config, row, asReadBy)
    : await renderOrderMail(db, config, 'approval', orderId, { mailDate: nowUtc(), asReadBy });
  if (!mail) return undefined;
  // What was sent (its address and subject) is shown as kept, unless the reader may not read some of the
  // order: then as rendered from what they may read, so the kept words tell nothing hidden.
  const sent = row && !mail.blanked ? row : undefined;
  return {
    from: `${mail.brand.name} <${fromAddress(config.mailFrom)}>`,
    to: sent?.to_email ?? mail.order.email ?? '',
    subject: sent?.subject ?? mail.rendered.subject,
    text: mail.rendered.text,
    html: mail.rendered.html,
  };
}

/**
 * The fixed local part of an outbox mail's Message-ID: a resend after a crash carries the same id,
 * and the providers' delivery webhooks find the mail by it.
 */
export const outboxMessageKey = (row: { id: number; created_at: string }) =>
  `outbox-${row.id}-${row.created_at.replace(/\D/g, '')}`;

/**
 * Renders an outbox row into a message from the order and its template as they are now plus the
 * row's payload, so a retry renders the same mail; the subject is the one rendered when it was
 * queued (Email History shows it). The Message-ID is fixed per row: a mail sent twice (at-least-once
 * delivery after a crash) carries the same id, which receivers use to drop the duplicate.
 */
export async function renderMail(ctx: MailContext, row: OutboxRow): Promise<Mail.Options> {
  const { payload, order, brand, rendered } = await outboxWords(ctx.db, ctx.config, row);
  const address = fromAddress(ctx.config.mailFrom);
  return {
    from: { name: brand.name, address },
    replyTo: brand.supportEmail,
    // An address object is taken as one mailbox: a comma in the stored text cannot add recipients.
    to: { name: '', address: row.to_email },
    subject: row.subject,
    messageId: `<${outboxMessageKey(row)}@${address.split('@')[1] ?? 'localhost'}>`,
    text: rendered.text,
    html: rendered.html,
    attachments: await attachmentsOf(ctx, row, payload, order, brand),
  };
}
