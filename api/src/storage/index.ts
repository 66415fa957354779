import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { ensurePrivateDirAsync, writePrivateFile } from './privateFiles.js';
import { createS3Storage } from './s3.js';

/**
 * Where document bytes live (DESIGN section 5). Keys are opaque, generated here, and never taken
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

/** Documents in the bucket of STORAGE_URL (s3://...) when it is set, else under `localRoot`. */
export const createStorage = (storageUrl: string, localRoot: string): Storage =>
  storageUrl ? createS3Storage(storageUrl) : createLocalStorage(localRoot);

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!isStorageKey(key)) return null;
    const full = path.resolve(root, key);
    return full.startsWith(path.resolve(root) + path.sep) ? full : null;
  };
  const storage: Storage = {
    newKey: newStorageKey,
    async write(key, bytes) {
      const full = resolve(key);
      if (!full) throw new Error(`Invalid storage key: ${key}`);
      await ensurePrivateDirAsync(path.dirname(full));
      // Write to a temporary name and rename, so that a crash never leaves half a file under the key.
      const temp = `${full}.part`;
      await writePrivateFile(temp, bytes, 'wx');
      await fs.promises.rename(temp, full);
    },
    async put(folder, bytes, extension) {
      const key = storage.newKey(folder, extension);
      await storage.write(key, bytes);
      return key;
    },
    async open(key) {
      const full = resolve(key);
      if (!full) return null;
      try {
        const stat = await fs.promises.stat(full);
        if (!stat.isFile()) return null;
        return { stream: fs.createReadStream(full), size: stat.size };
      } catch {
        return null;
      }
    },
    async remove(key) {
      const full = resolve(key);
      if (!full) return;
      await fs.promises.rm(`${full}.part`, { force: true });
      await fs.promises.rm(full, { force: true });
    },
    async *list() {
      const entries = await fs.promises.readdir(root, { recursive: true }).catch(() => [] as string[]);
      for (const entry of entries) {
        const key = entry.split(path.sep).join('/');
        if (isStorageKey(key)) yield key;
      }
    },
  };
  return storage;
}
