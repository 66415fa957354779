import crypto from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where document bytes live (docs/product.md#documents-mail-and-evidence). Keys are opaque, generated here, and never taken
 * from a request: local disk (createLocalStorage) or an S3-compatible bucket (createS3Storage), as
 * STORAGE_URL says (createStorage).
 */
export interface Storage {
  /** A new random key in `folder`, for bytes not written yet (so that the caller can note the key first). */
  newKey(folder: string, extension: string): string;
  /** Writes the bytes under a key from newKey; a crash never leaves half a file under the key. */
  write(key: string, bytes: Buffer): Promise<void>;
  /** Stores the bytes under a new random key in `folder` and answers the key. */
  put(folder: string, bytes: Buffer, extension: string): Promise<string>;
  /** Opens a stored file, or answers null when the key is unknown or malformed. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the file and any unfinished write of it; a missing file is no error. */
  remove(key: string): Promise<void>;
  /** Every stored key (backups, audits of orphans), in no particular order. */
  list(): AsyncIterable<string>;
}

const KEY_PATTERN = /^[a-z]+\/[a-f0-9]{24}\.[a-z0-9]{2,5}$/;
export const isStorageKey = (key: string) => KEY_PATTERN.test(key);

/** A new random key in `folder`; the folder and extension must make a valid key. */
export function newStorageKey(folder: string, extension: string): string {
  const key = `${folder}/${crypto.randomBytes(12).toString('hex')}.${extension}`;
  if (!isStorageKey(key)) throw new Error(`Invalid storage folder or extension: ${folder}, ${extension}`);
  return key;
}
