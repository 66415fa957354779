import type { FastifyInstance } from 'fastify';
import { DEFENCE_PACK_STATUSES, statusLabel } from '@app/domain';
import { conflict, notFound } from '../../http.js';
import type { Member } from '../../types.js';
import { touchOrderIn } from '../orders/service.js';
import { assembleDefencePack, packForRole } from './pack.js';
import type { DefencePackType } from './packPdf.js';

export type { DefencePackType } from './packPdf.js';
import { findEvidenceOrder } from './repo.js';

/** Evidence exists only for orders that were delivered or are disputed. */
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

/** A Defence Pack as the member's role may read it (packForRole). */
export async function defencePackPdf(
  app: FastifyInstance,
  member: Member,
  orderId: number,
  type: DefencePackType,
): Promise<Buffer> {
  const order = await defendableOrder(app, orderId);
  const pack = await assembleDefencePack(app, order, type);
  // react-pdf loads with the first pack, not with every process that starts the API (tests, workers).
  const { renderDefencePack } = await import('./packPdf.js');
  return renderDefencePack(packForRole(app.registry, member.type, pack));
}

/** Saves the transaction id and merchant name the packs print (the Enter Transaction Details modal). */
export async function saveDefencePackDetails(
  app: FastifyInstance,
  member: Member,
  input: { orderId: number; transactionId: string; merchantName: string; version?: number },
) {
  const order = await defendableOrder(app, input.orderId);
  const details = { transactionId: input.transactionId.trim(), merchantName: input.merchantName.trim() };
  await app.db.transaction(async (trx) => {
    // A change of the order like any other, through the one change path: the version the member saw is
    // checked, then moved on with the details.
    const event = {
      action: 'transaction-details',
      from: order.transaction_id,
      to: details.transactionId,
      detail: details.merchantName,
    };
    const patch = { transaction_id: details.transactionId, merchant_name: details.merchantName };
    await touchOrderIn(trx, member, input.orderId, event, input.version, patch);
  });
}

/**
 * Everything the evidence of an order holds (logs, purchase, mails and their delivery events, the CE 3.0
 * assessment of its earlier orders) as the member's role may read it; undefined when there is no order.
 */
export async function orderEvidence(app: FastifyInstance, member: Member, orderId: number) {
  const order = await findEvidenceOrder(app.db, orderId);
  if (!order) return undefined;
  return packForRole(app.registry, member.type, await assembleDefencePack(app, order, 2));
}
export { ce3Verdict } from './packPdf.js';
