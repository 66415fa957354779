import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { dayjs, DB_DATETIME, nowUtc } from '@app/domain';
import type { Storage } from '../../storage/index.js';
import { conflict, notFound } from '../../http.js';
import type { Member } from '../../types.js';
import { queueApprovalMail } from '../mail/service.js';
import { changeOrdersIn, seenVersions } from '../orders/service.js';
import { checkOriginalName, inspectDocument } from './files.js';
import { forgetPendingUpload, insertDocument, notePendingUpload, stalePendingUploads } from './repo.js';
import type { UploadBody } from './schemas.js';

/** The upload form, as the service takes it. */
export { UploadBody } from './schemas.js';

const orderNotFound = () => notFound('Order not found.');
const orderDeleted = () => conflict('This order is deleted. Move it back to a queue before uploading its document.');

/**
 * Stores the finished document and, in one transaction, records it, completes the order through the
 * orders' one change path (who processed it, for the Processed By report; version, counters, audit,
 * live event) and queues the approval mail.
 * The bytes are stored first under a random key; if the transaction fails they are removed again,
 * and if the process dies first, the pending note lets the sweep remove them: no file is left that
 * nothing points to.
 */
export async function uploadDocument(app: FastifyInstance, member: Member, input: UploadBody) {
  const originalName = checkOriginalName(input.uploadVisaDoc.filename);
  const { bytes } = input.uploadVisaDoc;
  const { mime, extension } = await inspectDocument(bytes);
  const order = await app.db('orders').where({ order_id: input.orderId }).first('process_status', 'full_name');
  if (!order) throw orderNotFound();
  if (order.process_status === 'Deleted') throw orderDeleted();

  const key = app.storage.newKey('docs', extension);
  // Noted before any byte is written and forgotten in the transaction that records the document:
  // a crash anywhere in between leaves the note, and sweepUnfinishedUploads removes the file.
  await notePendingUpload(app.db, key);
  try {
    await app.storage.write(key, bytes);
    return await app.db.transaction(async (trx) => {
      await forgetPendingUpload(trx, key);
      const now = nowUtc();
      const file1 = key.slice(key.lastIndexOf('/') + 1);
      const seen = seenVersions([input.orderId], input.version);
      await changeOrdersIn(
        trx,
        member,
        [input.orderId],
        (before) => {
          if (before.process_status === 'Deleted') throw orderDeleted();
          return {
            patch: {
              process_status: 'Completed',
              processed_by: member.name,
              processed_by_id: member.id,
              processed_at: now,
            },
            event: { action: 'upload', from: before.process_status, to: 'Completed', detail: file1 },
          };
        },
        seen,
      );
      const documentId = await insertDocument(trx, {
        order_id: input.orderId,
        file1,
        storage_key: key,
        original_name: originalName,
        mime_type: mime,
        size_bytes: bytes.length,
        customer_name: order.full_name,
        mail_service_provider: input.mailServiceProvider,
        uploaded_by_id: member.id,
        uploaded_by: member.name,
        created_at: now,
      });
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
    await forgetPendingUpload(app.db, key);
    throw error;
  }
}

/** How old a pending upload must be before the sweep takes it for abandoned: far longer than any upload. */
export const PENDING_UPLOAD_GRACE_MS = 10 * 60_000;

/**
 * Removes the files of uploads that never finished (the process died between storing the bytes and
 * committing the document), going by the pending notes older than the grace period, so that an
 * upload in flight in another process is never touched. Answers how many were swept.
 */
export async function sweepUnfinishedUploads(
  db: Knex,
  storage: Storage,
  { graceMs = PENDING_UPLOAD_GRACE_MS, now = Date.now() } = {},
): Promise<number> {
  const stale = await stalePendingUploads(db, dayjs.utc(now - graceMs).format(DB_DATETIME));
  for (const key of stale) {
    await storage.remove(key);
    await forgetPendingUpload(db, key);
  }
  return stale.length;
}

/** What other areas storing uploads check first: the file's type by its bytes, and its client-side name. */
export { checkOriginalName, inspectDocument } from './files.js';
