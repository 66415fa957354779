import path from 'node:path';
import type { AppConfig } from '../config.js';
import { encryptedStorage } from './encrypted.js';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';
import type { Storage } from './storage.js';

export { isStorageKey, newStorageKey, type Storage } from './storage.js';
export { createLocalStorage } from './local.js';
export { createS3Storage } from './s3.js';

/**
 * Documents in the bucket of STORAGE_URL (s3://...) when it is set, else under DATA_DIR/uploads; encrypted
 * at rest under DATA_KEY either way.
 */
export const createStorage = (
  config: Pick<AppConfig, 'storageUrl' | 'dataDir' | 'dataKey' | 'dataKeysPrevious'>,
): Storage =>
  encryptedStorage(
    config.storageUrl ? createS3Storage(config.storageUrl) : createLocalStorage(path.join(config.dataDir, 'uploads')),
    config.dataKey,
    config.dataKeysPrevious,
  );
