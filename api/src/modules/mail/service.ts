import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { MailProvider } from '@app/domain';
import type { AppConfig } from '../../config.js';
import { notFound } from '../../http.js';
import type { Member } from '../../types.js';
import { recordAudit } from '../audit/service.js';
import { latestDocument } from '../files/service.js';
import { enqueueMail } from './outbox.js';
import { findOutboxRow } from './repo.js';
import { mailSubject, renderInvoiceOf } from './templates.js';

/** The order facts a mail or an invoice shows. */
export type { MailOrder } from './repo.js';
/** What other modules queue mails and read them with: the outbox, subjects, View Email Content, webhooks' message key. */
export { enqueueMail, type QueuedMail } from './outbox.js';
export { approvalMailOf, mailSubject, outboxMessageKey } from './templates.js';

/** Queues the approval mail of a document and records it, in the caller's transaction (upload and resend). */
export async function queueApprovalMail(
  trx: Knex.Transaction,
  config: AppConfig,
  member: Member,
  mail: { orderId: number; documentId: number; to: string; provider: MailProvider },
) {
  await enqueueMail(trx, {
    orderId: mail.orderId,
    kind: 'approval',
    provider: mail.provider,
    to: mail.to,
    subject: mailSubject('approval', config, mail.orderId),
    payload: { orderId: mail.orderId, documentId: mail.documentId },
    documentId: mail.documentId,
    createdById: member.id,
  });
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
