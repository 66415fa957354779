import crypto from 'node:crypto';

/** SendGrid signs each batch when it is sent; an older timestamp is a replay (or a clock far off). */
export const SENDGRID_MAX_AGE_SECONDS = 10 * 60;

/** The verification key as SendGrid shows it (base64 of the DER public key), or a PEM. */
export function sendgridPublicKey(configured: string): crypto.KeyObject | null {
  const text = configured.trim();
  if (!text) return null;
  return text.includes('BEGIN PUBLIC KEY')
    ? crypto.createPublicKey(text)
    : crypto.createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
}

/**
 * SendGrid's signed Event Webhook: an ECDSA (P-256, SHA-256) signature, base64 DER, over the
 * timestamp header followed by the raw body. A timestamp more than ten minutes old or ahead is
 * refused, so a captured batch cannot be played again later.
 */
export function verifySendgrid(
  key: crypto.KeyObject,
  {
    signature,
    timestamp,
    rawBody,
    nowSeconds,
  }: { signature: string; timestamp: string; rawBody: string; nowSeconds: number },
): boolean {
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > SENDGRID_MAX_AGE_SECONDS)
    return false;
  try {
    return crypto.verify('sha256', Buffer.from(timestamp + rawBody, 'utf8'), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** An SNS message signed longer ago is a replay: SNS retries a delivery for at most an hour by default. */
export const SNS_MAX_AGE_SECONDS = 60 * 60;
/** How far ahead of our clock a signed Timestamp may be (clock skew), no more. */
export const SNS_MAX_AHEAD_SECONDS = 5 * 60;

/**
 * Whether a signed SNS Timestamp (ISO 8601) is recent: at most an hour old and at most five minutes
 * ahead, so a captured notification cannot be played again later.
 */
export function snsTimestampIsFresh(timestamp: string, nowMs: number): boolean {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/.test(timestamp)) return false;
  const ageSeconds = (nowMs - Date.parse(timestamp)) / 1000;
  return ageSeconds <= SNS_MAX_AGE_SECONDS && ageSeconds >= -SNS_MAX_AHEAD_SECONDS;
}

/** The fields of an SNS message that its signature covers. */
export interface SnsEnvelope {
  Type: string;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  Subject?: string;
  Token?: string;
  SubscribeURL?: string;
}

/**
 * The string SNS signs, as AWS documents it ("Verifying the signatures of Amazon SNS messages"):
 * name and value lines of fixed fields in byte order; Subject only when present.
 */
export function snsStringToSign(message: SnsEnvelope): string {
  const fields =
    message.Type === 'Notification'
      ? (['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const)
      : (['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'] as const);
  return fields
    .filter((field) => message[field] !== undefined)
    .map((field) => `${field}\n${message[field]}\n`)
    .join('');
}

/**
 * An SNS message signed with the configured certificate: SignatureVersion 1 is SHA1withRSA,
 * 2 is SHA256withRSA. The certificate is configured rather than fetched from SigningCertURL, so a
 * forged URL cannot bring its own certificate.
 */
export function verifySns(certificate: crypto.KeyObject, message: SnsEnvelope): boolean {
  const algorithm = message.SignatureVersion === '1' ? 'sha1' : message.SignatureVersion === '2' ? 'sha256' : null;
  if (!algorithm) return false;
  try {
    return crypto.verify(
      algorithm,
      Buffer.from(snsStringToSign(message), 'utf8'),
      certificate,
      Buffer.from(message.Signature, 'base64'),
    );
  } catch {
    return false;
  }
}
