import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { Static } from 'typebox';
import { MESSAGES, nowUtc } from '@app/domain';
import { withTransactionRetry } from '../../db/retry.js';
import { badRequest, notFound } from '../../http.js';
import type { Member } from '../../types.js';
import { findOrderRemarks, insertRemark, remarkView, type RemarkFlag } from './repo.js';
import type { AddRemarkBody } from './schemas.js';

/** add-new-remark's body, the remark as the service takes it. */
export { AddRemarkBody } from './schemas.js';

/** The request's flag names and the columns they are stored in. */
const FLAG_FIELDS: ReadonlyArray<[keyof Static<typeof AddRemarkBody>, RemarkFlag]> = [
  ['whatsapp', 'whatsapp'],
  ['telephone', 'telephone'],
  ['statusRefund', 'status_refund'],
  ['voided', 'voided'],
  ['chargeBack', 'chargeback'],
  ['reportError', 'report_error'],
];

/**
 * Writes a comment in the caller's transaction, the one whose change of the order records it (a member's
 * comment, a rule's or a macro's comment action); `flags` by their request names, the others not ticked.
 */
export function insertCommentIn(
  trx: Knex.Transaction,
  author: { id: number | null; name: string },
  orderId: number,
  text: string,
  flags: readonly string[],
) {
  return insertRemark(trx, {
    order_id: orderId,
    remark: text,
    remark_name: author.name,
    member_id: author.id,
    created_at: nowUtc(),
    ...(Object.fromEntries(FLAG_FIELDS.map(([field, column]) => [column, flags.includes(field) ? 'Y' : 'N'])) as Record<
      RemarkFlag,
      'Y' | 'N'
    >),
  });
}

/** An order's comments for the view-order page, newest first. */
export const orderRemarks = (db: Knex, orderId: number) => findOrderRemarks(db, orderId);

/**
 * Adds a comment to an order in the signed-in member's name; a comment is a change of the order (version,
 * event), made through orders' change path by its decoration: orders imports this service (the
 * view-order page's comments), so an import back would loop.
 */
export async function addRemark(app: FastifyInstance, member: Member, body: Static<typeof AddRemarkBody>) {
  const { db } = app;
  const text = body.remark.trim();
  if (!text) throw badRequest(MESSAGES.remarkRequired);
  const order = await db('orders').where({ order_id: body.orderId }).first('order_id');
  if (!order) throw notFound('Order not found.');
  const ticked = FLAG_FIELDS.filter(([field]) => body[field] === 'Y').map(([field]) => field);
  const remark = await withTransactionRetry(db, async (trx) => {
    await app.ordersService.touchOrderIn(trx, member, body.orderId, { action: 'comment', detail: text }, body.version);
    return insertCommentIn(trx, member, body.orderId, text, ticked);
  });
  return remarkView(remark);
}
