import type { FastifyInstance } from 'fastify';
import { brandForHost, DEFENCE_PACK_STATUSES, nowUtc, statusLabel } from '@app/domain';
import { conflict, notFound } from '../../http.js';
import type { Member } from '../../types.js';
import { recordAudit } from '../audit/repo.js';
import { renderDefencePack, type DefencePackType } from './packPdf.js';
import { findEvidenceLogs, findEvidenceOrder, saveTransactionDetails } from './repo.js';

/** Evidence exists only for orders that were delivered or are disputed (SPEC section 2). */
async function defendableOrder(app: FastifyInstance, orderId: number) {
  const order = await findEvidenceOrder(app.db, orderId);
  if (!order) throw notFound('Order not found.');
  if (!(DEFENCE_PACK_STATUSES as readonly string[]).includes(order.process_status)) {
    throw conflict(
      `Defence packs are only for orders in ${DEFENCE_PACK_STATUSES.map(statusLabel).join(', ')}; ` +
        `this order is ${statusLabel(order.process_status)}.`,
    );
  }
  return order;
}

export async function defencePackPdf(app: FastifyInstance, orderId: number, type: DefencePackType): Promise<Buffer> {
  const order = await defendableOrder(app, orderId);
  const logs = await findEvidenceLogs(app.db, orderId);
  return renderDefencePack({
    type,
    order,
    ...logs,
    brand: brandForHost(order.landing_domain),
    generatedAt: nowUtc(),
  });
}

/** Saves the transaction id and merchant name the packs print (the Enter Transaction Details modal). */
export async function saveDefencePackDetails(
  app: FastifyInstance,
  member: Member,
  input: { orderId: number; transactionId: string; merchantName: string },
) {
  const order = await defendableOrder(app, input.orderId);
  const details = { transactionId: input.transactionId.trim(), merchantName: input.merchantName.trim() };
  await app.db.transaction(async (trx) => {
    await saveTransactionDetails(trx, input.orderId, details, nowUtc());
    await recordAudit(trx, member, [
      {
        action: 'transaction-details',
        orderId: input.orderId,
        from: order.transaction_id,
        to: details.transactionId,
        detail: details.merchantName,
      },
    ]);
  });
}
