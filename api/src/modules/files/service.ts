import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '@app/domain';
import { forbidden, notFound } from '../../http.js';
import type { TokenPayload } from '../../types.js';
import { verifyLink } from './links.js';
import { findOrderDocument } from './repo.js';

/**
 * The stored documents as other modules read them: mails attach them, invoices and the visitor go by
 * the latest, the visitor's download finds one the same way the file route does. Kept here, not in
 * documents (which writes them), because documents queues mails: mail reading documents would close a loop.
 */
export { findDocument, findOrderDocument, latestDocument, readDocumentBytes, type DocumentRow } from './repo.js';
/** The visitor's signed token and document links. */
export { signedDocumentUrl, signVisitorToken, verifyVisitorToken } from './links.js';

export const DOCUMENT_NOT_FOUND = 'Document not found.';
const LINK_NOT_VALID =
  'This download link has expired or is not valid. Go back to your order page and press Download Now again.';

/**
 * `{orderId}_{file1}` with a plain file name: one dot, before a short extension, so no `..`, no
 * slash and nothing a file system would read as a path.
 */
const DOCUMENT_NAME = /^(\d{1,15})_([A-Za-z0-9][A-Za-z0-9_-]{0,180}\.[A-Za-z0-9]{2,5})$/;

/** A signed-in member who may read orders, checked as the auth plugin checks /api routes. */
async function isStaff(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  if (!request.headers.authorization) return false;
  try {
    const payload = await request.jwtVerify<TokenPayload>();
    // Auth's decoration, not an import: auth uses the modules that read documents through this one.
    const member = await app.authService.sessionMember(app, payload);
    return !!member && can(member.type, 'orders.read');
  } catch {
    return false;
  }
}

/**
 * The stored document behind a public path, for a visitor with a valid signed link or a staff
 * member. Access is checked before the database is asked, so a guessed path learns nothing.
 */
export async function openDocument(
  app: FastifyInstance,
  request: FastifyRequest,
  name: string,
  query: { expires?: string; signature?: string },
) {
  const match = DOCUMENT_NAME.exec(name);
  if (!match) throw notFound(DOCUMENT_NOT_FOUND);
  const signed =
    query.signature !== undefined &&
    verifyLink(app.config.jwtSecret, 'file', name, Number(query.expires), query.signature);
  if (!signed && !(await isStaff(app, request))) throw forbidden(LINK_NOT_VALID);

  const orderId = Number(match[1]);
  const document = await findOrderDocument(app.db, orderId, match[2]!);
  const stored = document && (await app.storage.open(document.storage_key));
  if (!document || !stored) throw notFound(DOCUMENT_NOT_FOUND);
  return { document, stored };
}
