import type { FastifyInstance } from 'fastify';
import { nowUtc } from '@app/domain';
import { conflict, notFound } from '../../http.js';
import type { Member } from '../../types.js';
import { recordAudit } from '../audit/repo.js';
import { queueApprovalMail } from '../mail/service.js';
import { applyCounterChanges } from '../orders/counters.js';
import { checkOriginalName, inspectDocument } from './files.js';
import { insertDocument, lockOrder } from './repo.js';
import type { UploadBody } from './schemas.js';

const orderNotFound = () => notFound('Order not found.');
const orderDeleted = () => conflict('This order is deleted. Move it back to a queue before uploading its document.');

/**
 * Stores the finished document and, in one transaction, records it, completes the order (who
 * processed it, for the Processed By report), queues the approval mail and writes the audit events.
 * The bytes are stored first under a random key; if the transaction fails they are removed again,
 * so no file is left that nothing points to.
 */
export async function uploadDocument(app: FastifyInstance, member: Member, input: UploadBody) {
  const originalName = checkOriginalName(input.uploadVisaDoc.filename);
  const { bytes } = input.uploadVisaDoc;
  const { mime, extension } = await inspectDocument(bytes);
  const order = await app.db('orders').where({ order_id: input.orderId }).first('process_status');
  if (!order) throw orderNotFound();
  if (order.process_status === 'Deleted') throw orderDeleted();

  const key = await app.storage.put('docs', bytes, extension);
  try {
    return await app.db.transaction(async (trx) => {
      const before = await lockOrder(trx, input.orderId);
      if (!before) throw orderNotFound();
      if (before.process_status === 'Deleted') throw orderDeleted();
      const now = nowUtc();
      const file1 = key.slice(key.lastIndexOf('/') + 1);
      const documentId = await insertDocument(trx, {
        order_id: input.orderId,
        file1,
        storage_key: key,
        original_name: originalName,
        mime_type: mime,
        size_bytes: bytes.length,
        customer_name: before.full_name,
        mail_service_provider: input.mailServiceProvider,
        uploaded_by_id: member.id,
        uploaded_by: member.name,
        created_at: now,
      });
      await trx('orders').where({ order_id: input.orderId }).update({
        process_status: 'Completed',
        processed_by: member.name,
        processed_by_id: member.id,
        processed_at: now,
        updated_at: now,
      });
      await applyCounterChanges(trx, [{ before, after: { ...before, process_status: 'Completed' } }]);
      await recordAudit(trx, member, [
        { action: 'upload', orderId: input.orderId, from: before.process_status, to: 'Completed', detail: file1 },
      ]);
      await queueApprovalMail(trx, app.config, member, {
        orderId: input.orderId,
        documentId,
        to: input.email,
        provider: input.mailServiceProvider,
      });
      return { documentId, file1 };
    });
  } catch (error) {
    await app.storage.remove(key);
    throw error;
  }
}
