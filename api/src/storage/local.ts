import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDirAsync, writePrivateFile } from './privateFiles.js';
import { isStorageKey, newStorageKey, type Storage } from './storage.js';

/** Documents under `root` on local disk, each file private to the server's user. */
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
