import type { FastifyInstance } from 'fastify';
import { downloadFileName, nowUtc } from '@app/domain';
import { forbidden, notFound } from '../../http.js';
import { recordAudit } from '../audit/service.js';
import {
  findOrderDocument,
  latestDocument,
  signedDocumentUrl,
  signVisitorToken,
  verifyVisitorToken,
} from '../files/service.js';
import type { VisitorClient } from './client.js';

/** Who downloads: kept as evidence next to each download. */
export { describeClient } from './client.js';
import { findTrackableOrder, insertDownload, listDownloads } from './repo.js';

/** One answer for an unknown order and a wrong email, so tracking cannot list orders (docs/product.md#visitor-area). */
/** Evidence packs describe the visitor's browser with it. */
export { describeUserAgent } from './client.js';

export const ORDER_NOT_FOUND = 'We could not find an order with these details.';
export const SESSION_EXPIRED = 'Your tracking session has expired. Please track your order again.';
const DOCUMENT_GONE = 'This document is no longer available. Please contact support.';

const parseOrderId = (value: string): number | null => {
  const text = value.trim();
  return /^\d{1,15}$/.test(text) ? Number(text) : null;
};

/** Checks the order id and email (email in any case) and hands out a visitor token for the order. */
export async function trackOrder(app: FastifyInstance, orderId: string, email: string) {
  const id = parseOrderId(orderId);
  const order = id === null ? undefined : await findTrackableOrder(app.db, id);
  if (!order || order.email.trim().toLowerCase() !== email.trim().toLowerCase()) throw notFound(ORDER_NOT_FOUND);
  return { orderId: order.order_id, token: signVisitorToken(app.config.jwtSecret, order.order_id) };
}

/** The order a valid visitor token was issued for. */
async function trackedOrder(app: FastifyInstance, orderId: string, token: string) {
  const id = parseOrderId(orderId);
  if (id === null || !verifyVisitorToken(app.config.jwtSecret, id, token)) throw forbidden(SESSION_EXPIRED);
  const order = await findTrackableOrder(app.db, id);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/** The download page: the order, its document's public name (or null) and its download history. */
export async function downloadPage(app: FastifyInstance, orderId: string, token: string) {
  const order = await trackedOrder(app, orderId, token);
  const [rows, document] = await Promise.all([
    listDownloads(app.db, order.order_id),
    latestDocument(app.db, order.order_id),
  ]);
  return {
    // create_ts stays UTC: the visitor app shows it in the visitor's own time zone.
    data: rows.map((row) => ({ ...row, seq: Number(row.seq) })),
    mainResult: { order_id: order.order_id, full_name: order.full_name, process_status: order.process_status },
    path: document ? { file1: document.file1 } : null,
  };
}

/**
 * Records the download (with its audit event, in one transaction) and answers a short-lived signed
 * link to the file and the name to save it under.
 */
export async function requestDownload(
  app: FastifyInstance,
  request: { orderId: string; file1: string; token: string; timezone?: string },
  client: VisitorClient,
) {
  const order = await trackedOrder(app, request.orderId, request.token);
  const document = await findOrderDocument(app.db, order.order_id, request.file1);
  if (!document) throw notFound(DOCUMENT_GONE);
  await app.db.transaction(async (trx) => {
    await insertDownload(trx, {
      ...client,
      order_id: order.order_id,
      document_id: document.id,
      file1: document.file1,
      timezone: request.timezone || null,
      created_at: nowUtc(),
    });
    await recordAudit(trx, null, [
      { action: 'download', orderId: order.order_id, detail: `${document.file1} by the visitor from ${client.ip}` },
    ]);
  });
  return {
    url: signedDocumentUrl(app.config.jwtSecret, order.order_id, document.file1),
    fileName: downloadFileName(order.order_id, document.file1),
  };
}
