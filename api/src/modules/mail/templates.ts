import type { Knex } from 'knex';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { brandForHost, encodeId, formatUtc, type Brand } from '@app/domain';
import type { AppConfig } from '../../config.js';
import type { Storage } from '../../storage/index.js';
import { findDocument, latestDocument, readDocumentBytes } from '../files/service.js';
import { renderInvoicePdf } from './invoicePdf.js';
import type { MailKind } from './outbox.js';
import { findMailOrder, type MailOrder, type OutboxRow } from './repo.js';

/** What rendering a mail needs besides the outbox row. */
export interface MailContext {
  db: Knex;
  config: AppConfig;
  storage: Storage;
}

/** Subjects, stored on the outbox row when a mail is queued (Email History shows them). */
export const mailSubject = (kind: MailKind, config: AppConfig, orderId: number): string =>
  ({
    approval: `Your ${config.countryName} Digital Arrival Card - Order ${orderId}`,
    refund: `Your refund for order ${orderId}`,
    invoice: `Invoice for your ${config.countryName} Digital Arrival Card - Order ${orderId}`,
  })[kind];

/** The customer link of the old system: the tracking page on the admin host, with the encoded id. */
export const trackOrderLink = (config: AppConfig, orderId: number) =>
  `${config.publicAdminUrl}/track-order/${encodeId(orderId)}`;

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The same paragraphs as plain text and as a branded HTML page; addresses become links. */
function body(brand: Brand, paragraphs: string[]): { text: string; html: string } {
  const footer = brand.footer;
  const text = [...paragraphs, footer].join('\n\n');
  const html = paragraphs
    .map((p) => escapeHtml(p).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`))
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

const greeting = (order: MailOrder) => `Dear ${order.full_name || order.email},`;
const signOff = (brand: Brand) => `If you have any questions, write to us at ${brand.supportEmail}.\n\n${brand.name}`;

type Payload = { orderId?: number; documentId?: number; issuedAt?: string };

/** The words of the approval mail: the mail itself and View Email Content both use them. */
function approvalParagraphs(config: AppConfig, order: MailOrder, brand: Brand) {
  const country = config.countryName;
  return [
    greeting(order),
    `Good news: your ${country} Digital Arrival Card for order ${order.order_id} is ready. It is attached to this email.`,
    `You can also download it at any time from your order page:\n${trackOrderLink(config, order.order_id)}`,
    `Please keep it on your phone or print it for your arrival in ${country}.`,
    signOff(brand),
  ];
}

async function approvalContent(ctx: MailContext, row: OutboxRow, payload: Payload, order: MailOrder, brand: Brand) {
  const documentId = row.document_id ?? payload.documentId;
  const document = documentId ? await findDocument(ctx.db, documentId) : await latestDocument(ctx.db, order.order_id);
  if (!document) throw new Error(`Order ${order.order_id} has no uploaded document to send`);
  const content = await readDocumentBytes(ctx.storage, document.storage_key);
  const country = ctx.config.countryName;
  return {
    paragraphs: approvalParagraphs(ctx.config, order, brand),
    attachments: [
      {
        filename: `${country.replace(/\W+/g, '-')}-Arrival-Card-${order.order_id}.${EXTENSIONS[document.mime_type] ?? 'pdf'}`,
        content,
        contentType: document.mime_type,
      },
    ],
  };
}

function refundContent(order: MailOrder, brand: Brand) {
  const amount = order.amount ? ` of ${Number(order.amount).toFixed(2)} ${order.currency ?? ''}`.trimEnd() : '';
  return {
    paragraphs: [
      greeting(order),
      `We have refunded your payment${amount} for order ${order.order_id}.`,
      'Depending on your bank, it can take 5 to 10 working days to appear on your statement.',
      signOff(brand),
    ],
    attachments: [],
  };
}

/** The invoice an invoice mail carries (or carried): the order as it is now, issued at the time fixed when queued. */
export async function renderInvoiceOf(ctx: MailContext, row: OutboxRow): Promise<Buffer | null> {
  if (row.kind !== 'invoice') return null;
  const payload = JSON.parse(row.payload) as Payload;
  const order = await findMailOrder(ctx.db, Number(payload.orderId ?? row.order_id));
  if (!order) return null;
  return invoicePdfOf(ctx, row, payload, order, brandForHost(order.landing_domain));
}

const invoicePdfOf = (ctx: MailContext, row: OutboxRow, payload: Payload, order: MailOrder, brand: Brand) =>
  renderInvoicePdf(order, { brand, countryName: ctx.config.countryName, issuedAt: payload.issuedAt ?? row.created_at });

async function invoiceContent(ctx: MailContext, row: OutboxRow, payload: Payload, order: MailOrder, brand: Brand) {
  const content = await invoicePdfOf(ctx, row, payload, order, brand);
  return {
    paragraphs: [
      greeting(order),
      `Thank you for your order. Please find attached the invoice for order ${order.order_id}, issued on ${formatUtc(payload.issuedAt ?? row.created_at, 'D MMMM YYYY')}.`,
      signOff(brand),
    ],
    attachments: [{ filename: `Invoice-${order.order_id}.pdf`, content, contentType: 'application/pdf' }],
  };
}

/**
 * View Email Content: the approval mail of an order as it is (or will be) sent, rendered by the same
 * code from the order as it is now (mails render at send time); undefined for an unknown order.
 */
export async function approvalMailOf(
  config: AppConfig,
  db: Knex,
  orderId: number,
  visible: (order: MailOrder) => MailOrder = (order) => order,
) {
  const found = await findMailOrder(db, orderId);
  if (!found) return undefined;
  const order = visible(found);
  const brand = brandForHost(order.landing_domain);
  const { text, html } = body(brand, approvalParagraphs(config, order, brand));
  return {
    from: `${brand.name} <${fromAddress(config.mailFrom)}>`,
    to: order.email,
    subject: mailSubject('approval', config, orderId),
    text,
    html,
  };
}

/** The address part of MAIL_FROM ('Name <a@b>' or 'a@b'). */
const fromAddress = (mailFrom: string) => /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();

/**
 * The fixed local part of an outbox mail's Message-ID: a resend after a crash carries the same id,
 * and the providers' delivery webhooks find the mail by it.
 */
export const outboxMessageKey = (row: { id: number; created_at: string }) =>
  `outbox-${row.id}-${row.created_at.replace(/\D/g, '')}`;

/**
 * Renders an outbox row into a message from the order as it is now plus the row's payload, so a
 * retry renders the same mail. The Message-ID is fixed per row: a mail sent twice (at-least-once
 * delivery after a crash) carries the same id, which receivers use to drop the duplicate.
 */
export async function renderMail(ctx: MailContext, row: OutboxRow): Promise<Mail.Options> {
  const payload = JSON.parse(row.payload) as Payload;
  const orderId = Number(payload.orderId ?? row.order_id);
  const order = await findMailOrder(ctx.db, orderId);
  if (!order) throw new Error(`Order ${orderId} does not exist`);
  const brand = brandForHost(order.landing_domain);
  const kind = row.kind as MailKind;
  const content =
    kind === 'approval'
      ? await approvalContent(ctx, row, payload, order, brand)
      : kind === 'invoice'
        ? await invoiceContent(ctx, row, payload, order, brand)
        : kind === 'refund'
          ? refundContent(order, brand)
          : null;
  if (!content) throw new Error(`Unknown mail kind "${row.kind}"`);
  const address = fromAddress(ctx.config.mailFrom);
  return {
    from: { name: brand.name, address },
    replyTo: brand.supportEmail,
    // An address object is taken as one mailbox: a comma in the stored text cannot add recipients.
    to: { name: '', address: row.to_email },
    subject: row.subject,
    messageId: `<${outboxMessageKey(row)}@${address.split('@')[1] ?? 'localhost'}>`,
    ...body(brand, content.paragraphs),
    attachments: content.attachments,
  };
}
