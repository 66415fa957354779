import type { FastifyInstance } from 'fastify';
import { DEFAULT_MAIL_PROVIDER, nowUtc, type MailProvider } from '@app/domain';
import { conflict, notFound } from '../../http.js';
import type { Member } from '../../types.js';
import { recordAudit } from '../audit/service.js';
import { latestDocument } from '../files/service.js';
import { queueTemplateMail } from '../mail/service.js';

/**
 * Queues the invoice mail of an order; the PDF is rendered by the mail worker from the order as it
 * is then, with the issue time fixed here so that a retry renders the same invoice.
 */
export async function sendInvoice(app: FastifyInstance, member: Member, orderId: number, seenVersion?: number) {
  const order = await app.db('orders').where({ order_id: orderId }).first('order_id', 'email', 'process_status');
  if (!order) throw notFound('Order not found.');
  if (order.process_status === 'Deleted') throw conflict('This order is deleted: no invoice can be sent for it.');
  // The provider that delivered the order's document is known to reach this customer.
  const provider = ((await latestDocument(app.db, orderId))?.mail_service_provider ??
    DEFAULT_MAIL_PROVIDER) as MailProvider;
  await app.db.transaction(async (trx) => {
    // Sent as the member saw the order: a change since (its mail address, its status) is refused.
    await app.ordersService.refuseChangedSince(trx, orderId, seenVersion);
    await queueTemplateMail(trx, app.config, {
      key: 'invoice',
      orderId,
      provider,
      to: order.email,
      issuedAt: nowUtc(),
      createdById: member.id,
    });
    await recordAudit(trx, member, [{ action: 'invoice', orderId, to: provider, detail: order.email }]);
  });
  return { email: order.email as string };
}
