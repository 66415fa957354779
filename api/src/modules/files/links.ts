import crypto from 'node:crypto';

/**
 * Signed, short-lived links for visitors (docs/product.md#documents-mail-and-evidence): the visitor tracking token and the
 * document download URL. They are HMACs under a key derived from the JWT secret, one purpose per
 * kind, so neither can stand in for the other nor for a staff token.
 */
export type LinkPurpose = 'visitor' | 'file';

export const VISITOR_TOKEN_SECONDS = 30 * 60;
export const FILE_LINK_SECONDS = 5 * 60;

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function signLink(secret: string, purpose: LinkPurpose, subject: string, expires: number): string {
  const key = crypto.createHmac('sha256', secret).update('visitor-links').digest();
  return crypto.createHmac('sha256', key).update(`${purpose}|${subject}|${expires}`).digest('base64url');
}

/** True when the signature is the one for this purpose, subject and expiry, and the expiry is ahead. */
export function verifyLink(
  secret: string,
  purpose: LinkPurpose,
  subject: string,
  expires: number,
  signature: string,
): boolean {
  if (!Number.isSafeInteger(expires) || expires < nowSeconds()) return false;
  const expected = Buffer.from(signLink(secret, purpose, subject, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The visitor token track-order hands out: `{orderId}.{expires}.{signature}`. */
export function signVisitorToken(secret: string, orderId: number, expires = nowSeconds() + VISITOR_TOKEN_SECONDS) {
  return `${orderId}.${expires}.${signLink(secret, 'visitor', String(orderId), expires)}`;
}

export function verifyVisitorToken(secret: string, orderId: number, token: string): boolean {
  const [id, expires, signature, ...rest] = token.split('.');
  return (
    rest.length === 0 &&
    id === String(orderId) &&
    signature !== undefined &&
    verifyLink(secret, 'visitor', id, Number(expires), signature)
  );
}

/** The document's public path, as the old system shapes it. */
const documentPath = (orderId: number, file1: string) => `/uploads/docs/${orderId}_${file1}`;

/** The document's path with a signature valid for FILE_LINK_SECONDS. */
export function signedDocumentUrl(
  secret: string,
  orderId: number,
  file1: string,
  expires = nowSeconds() + FILE_LINK_SECONDS,
) {
  const signature = signLink(secret, 'file', `${orderId}_${file1}`, expires);
  return `${documentPath(orderId, file1)}?expires=${expires}&signature=${signature}`;
}
