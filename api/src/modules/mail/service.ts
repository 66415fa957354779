import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { DEFAULT_MAIL_PROVIDER, nowUtc, type MailProvider } from '@app/domain';
import type { AppConfig } from '../../config.js';
import { notFound } from '../../http.js';
import type { Member } from '../../types.js';
import { recordAudit } from '../audit/service.js';
import { latestDocument } from '../files/service.js';
import { enqueueMail } from './outbox.js';
import { findOutboxRow } from './repo.js';
import { renderInvoiceOf, renderOrderMail, type ExtraVariables, type RenderedMail } from './templates.js';

/** The order facts a mail or an invoice shows. */
export type { MailOrder } from './repo.js';
/** What other modules read mails with: View Email Content, webhooks' message key; they queue mails with queueTemplateMail. */
export { approvalMailOf, outboxMessageKey, type ExtraVariables, type RenderedMail } from './templates.js';

/**
 * Mail template `key` rendered on an order as its customer gets it: the order's language and brand,
 * the template as saved now, `extraVars` added to (or set in) the variables. 404 for an unknown order,
 * 400 for a key with no template.
 */
export async function renderTemplate(
  ctx: { db: Knex; config: AppConfig },
  key: string,
  orderId: number,
  extraVars?: ExtraVariables,
): Promise<RenderedMail & { to: string }> {
  const mail = await renderOrderMail(ctx.db, ctx.config, key, orderId, { mailDate: nowUtc(), vars: extraVars });
  if (!mail) throw notFound(`Order ${orderId} was not found.`);
  return { ...mail.rendered, to: mail.order.email };
}

/** A mail of a template to queue for an order; `to` defaults to the order's email, `provider` to the default one. */
export interface TemplateMail {
  key: string;
  orderId: number;
  to?: string;
  provider?: MailProvider;
  extraVars?: ExtraVariables;
  /** The document an approval mail carries. */
  documentId?: number;
  /** An invoice's issue time, fixed now so that a retry renders the same invoice (the mail's date too). */
  issuedAt?: string;
  createdById?: number | null;
}

/**
 * Queues mail template `key` for an order in the caller's transaction (the outbox sends it once the
 * change commits): the subject rendered now, the body when it is sent, from the template as it is then.
 */
export async function queueTemplateMail(
  trx: Knex | Knex.Transaction,
  config: AppConfig,
  mail: TemplateMail,
): Promise<{ to: string; subject: string }> {
  const { orderId, extraVars, documentId, issuedAt } = mail;
  const rendered = await renderOrderMail(trx, config, mail.key, orderId, {
    mailDate: issuedAt ?? nowUtc(),
    vars: extraVars,
  });
  if (!rendered) throw notFound(`Order ${orderId} was not found.`);
  const to = mail.to ?? rendered.order.email;
  const subject = rendered.rendered.subject;
  await enqueueMail(trx, {
    orderId,
    kind: mail.key,
    provider: mail.provider ?? DEFAULT_MAIL_PROVIDER,
    to,
    subject,
    payload: {
      orderId,
      ...(documentId && { documentId }),
      ...(issuedAt && { issuedAt }),
      ...(extraVars && { vars: extraVars }),
    },
    documentId: documentId ?? null,
    createdById: mail.createdById ?? null,
  });
  return { to, subject };
}

/** Queues the approval mail of a document and records it, in the caller's transaction (upload and resend). */
export async function queueApprovalMail(
  trx: Knex.Transaction,
  config: AppConfig,
  member: Member,
  mail: { orderId: number; documentId: number; to: string; provider: MailProvider },
) {
  await queueTemplateMail(trx, config, { key: 'approval', ...mail, createdById: member.id });
  await recordAudit(trx, member, [{ action: 'mail', orderId: mail.orderId, to: mail.provider, detail: mail.to }]);
}

/** Resend: a new approval mail with the order's latest document, to the given address through the chosen provider. */
export async function resendMail(
  app: FastifyInstance,
  member: Member,
  input: { orderId: number; email: string; mailServiceProvider: MailProvider; version?: number },
) {
  const order = await app.db('orders').where({ order_id: input.orderId }).first('order_id');
  if (!order) throw notFound('Order not found.');
  const document = await latestDocument(app.db, input.orderId);
  if (!document) throw notFound('This order has no uploaded document to send yet.');
  await app.db.transaction(async (trx) => {
    // Sent as the member saw the order: a change since (a new document, its status) is refused.
    await app.ordersService.refuseChangedSince(trx, input.orderId, input.version);
    await queueApprovalMail(trx, app.config, member, {
      orderId: input.orderId,
      documentId: document.id,
      to: input.email,
      provider: input.mailServiceProvider,
    });
  });
}

/** The PDF of an invoice mail as it was sent (Email History downloads it); 404 for any other mail. */
export async function invoicePdfOfMail(
  app: FastifyInstance,
  mailId: number,
): Promise<{ orderId: number; pdf: Buffer }> {
  const row = await findOutboxRow(app.db, mailId);
  const pdf = row && (await renderInvoiceOf({ db: app.db, config: app.config, storage: app.storage }, row));
  if (!row || !pdf) throw notFound('No invoice was sent with this mail.');
  return { orderId: Number(row.order_id), pdf };
}
