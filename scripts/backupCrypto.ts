/**
 * Encryption of backups (npm run backup -- --encrypt): every file of the backup
 * but the manifest is AES-256-GCM under BACKUP_KEY, as MAGIC, a 12-byte IV, the ciphertext and the
 * 16-byte tag. The file's path in the backup is authenticated with it, so files cannot be swapped.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { parseDataKey } from '../api/src/config.js';

/** The first bytes of an encrypted backup file: format and version. */
const MAGIC = Buffer.from('TDACBAK1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const ALGORITHM = 'aes-256-gcm';

/** What the manifest of an encrypted backup says of it (the key itself is never written). */
export interface BackupEncryption {
  algorithm: typeof ALGORITHM;
  /** SHA-256 of the key, first 16 hex digits: tells a wrong key before anything is read. */
  keyId: string;
}

/** BACKUP_KEY as 32 bytes: 64 hex digits or base64 of 32 bytes; anything else is refused, saying so. */
export function backupKey(env: NodeJS.ProcessEnv = process.env): Buffer {
  const raw = (env.BACKUP_KEY ?? '').trim();
  if (!raw)
    throw new Error('BACKUP_KEY is not set: an encrypted backup needs it (64 hex digits or base64 of 32 bytes).');
  return parseDataKey(raw, 'BACKUP_KEY');
}

export const encryptionOf = (key: Buffer): BackupEncryption => ({
  algorithm: ALGORITHM,
  keyId: crypto.createHash('sha256').update(key).digest('hex').slice(0, 16),
});

/** Encrypts `source` into `target` (a new private file), naming it `name` in the backup. */
export async function encryptFile(key: Buffer, name: string, source: NodeJS.ReadableStream, target: string) {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv(ALGORITHM, key, iv).setAAD(Buffer.from(name));
  await pipeline(
    source,
    cipher,
    async function* framed(encrypted: AsyncIterable<Buffer>) {
      yield Buffer.concat([MAGIC, iv]);
      yield* encrypted;
      // The tag exists once the cipher has ended, which is when its output ends.
      yield cipher.getAuthTag();
    },
    fs.createWriteStream(target, { mode: 0o600, flags: 'wx' }),
  );
}

/** Whether a file starts as an encrypted backup file does. */
export function isEncryptedFile(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC.length);
    return fs.readSync(fd, head, 0, head.length, 0) === head.length && head.equals(MAGIC);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Decrypts `source` (named `name` in the backup) into `target` (a new private file). A wrong key or a
 * changed file fails at the end, on the tag: the target is then removed and the error says so.
 */
export async function decryptFile(key: Buffer, name: string, source: string, target: string) {
  const size = fs.statSync(source).size;
  if (size < MAGIC.length + IV_BYTES + TAG_BYTES || !isEncryptedFile(source))
    throw new Error(`${name} is not an encrypted backup file.`);
  const fd = fs.openSync(source, 'r');
  const iv = Buffer.alloc(IV_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    fs.readSync(fd, iv, 0, IV_BYTES, MAGIC.length);
    fs.readSync(fd, tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    fs.closeSync(fd);
  }
  const decipher = crypto.createDecipheriv(ALGORITHM, key, iv).setAAD(Buffer.from(name)).setAuthTag(tag);
  try {
    await pipeline(
      fs.createReadStream(source, { start: MAGIC.length + IV_BYTES, end: size - TAG_BYTES - 1 }),
      decipher,
      fs.createWriteStream(target, { mode: 0o600, flags: 'wx' }),
    );
  } catch (error) {
    fs.rmSync(target, { force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${name} could not be decrypted with BACKUP_KEY (wrong key, or the file was changed): ${reason}`);
  }
}
