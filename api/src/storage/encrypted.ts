import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Storage } from './storage.js';

/**
 * Documents encrypted at rest (AES-256-GCM), over any Storage: a file is MAGIC, the id of its key (8 bytes
 * of the key's SHA-256), a 12-byte IV, the ciphertext and the 16-byte tag; its storage key is authenticated
 * with it, so a file copied under another key does not open. Files written before encryption (no MAGIC)
 * are served as they are. A file is read whole and checked before a byte is served: documents are at most
 * UPLOAD_MAX_MB.
 */
const MAGIC = Buffer.from('TDACENC1');
const KEY_ID_BYTES = 8;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + KEY_ID_BYTES + IV_BYTES;

const keyIdOf = (key: Buffer) => crypto.createHash('sha256').update(key).digest().subarray(0, KEY_ID_BYTES);

export const isEncryptedDocument = (bytes: Buffer) =>
  bytes.length >= HEADER_BYTES + TAG_BYTES && bytes.subarray(0, MAGIC.length).equals(MAGIC);

export function encryptDocument(key: Buffer, storageKey: string, plain: Buffer): Buffer {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(storageKey));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, keyIdOf(key), iv, body, cipher.getAuthTag()]);
}

/** The plain bytes of a stored file: decrypted with whichever of `keys` it names, or as stored if plain. */
export function decryptDocument(keys: Buffer[], storageKey: string, stored: Buffer): Buffer {
  if (!isEncryptedDocument(stored)) return stored;
  const keyId = stored.subarray(MAGIC.length, MAGIC.length + KEY_ID_BYTES);
  const key = keys.find((k) => keyIdOf(k).equals(keyId));
  if (!key) throw new Error(`${storageKey} is encrypted with a key that is neither DATA_KEY nor in DATA_KEY_PREVIOUS`);
  const iv = stored.subarray(MAGIC.length + KEY_ID_BYTES, HEADER_BYTES);
  const decipher = crypto
    .createDecipheriv('aes-256-gcm', key, iv)
    .setAAD(Buffer.from(storageKey))
    .setAuthTag(stored.subarray(stored.length - TAG_BYTES));
  return Buffer.concat([decipher.update(stored.subarray(HEADER_BYTES, stored.length - TAG_BYTES)), decipher.final()]);
}

/** `inner` with every write encrypted under `key` and every read decrypted (with it or one of `previous`). */
export function encryptedStorage(inner: Storage, key: Buffer, previous: Buffer[] = []): Storage {
  const keys = [key, ...previous];
  const storage: Storage = {
    ...inner,
    write: (storageKey, bytes) => inner.write(storageKey, encryptDocument(key, storageKey, bytes)),
    async put(folder, bytes, extension) {
      const storageKey = inner.newKey(folder, extension);
      await storage.write(storageKey, bytes);
      return storageKey;
    },
    async open(storageKey) {
      const file = await inner.open(storageKey);
      if (!file) return null;
      const plain = decryptDocument(keys, storageKey, await buffer(file.stream));
      return { stream: Readable.from([plain]), size: plain.length };
    },
  };
  return storage;
}

/**
 * Rewrites every file of `inner` not yet under `key` (plain, or under one of `previous`) encrypted under it, and
 * answers how many it rewrote: the last step of a key rotation, and the encryption of files written before.
 */
export async function reencryptDocuments(inner: Storage, key: Buffer, previous: Buffer[]): Promise<number> {
  const keys = [key, ...previous];
  const current = keyIdOf(key);
  let rewritten = 0;
  for await (const storageKey of inner.list()) {
    const file = await inner.open(storageKey);
    if (!file) continue;
    const stored = await buffer(file.stream);
    if (isEncryptedDocument(stored) && stored.subarray(MAGIC.length, MAGIC.length + KEY_ID_BYTES).equals(current))
      continue;
    await inner.write(storageKey, encryptDocument(key, storageKey, decryptDocument(keys, storageKey, stored)));
    rewritten += 1;
  }
  return rewritten;
}
