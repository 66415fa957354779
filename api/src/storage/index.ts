import path from 'node:path';
import type { AppConfig } from '../config.js';
import { encryptedStorage } from './encrypted.js';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';
import type { Storage } from './storage.js';

export type { Storage } from './storage.js';

export { reencryptDocuments } from './encrypted.js';

/** Where the documents' bytes are: the bucket of STORAGE_URL (s3://...) when it is set, else DATA_DIR/uploads. */
export const createStoredFiles = (config: Pick<AppConfig, 'storageUrl' | 'dataDir'>): Storage =>
  config.storageUrl ? createS3Storage(config.storageUrl) : createLocalStorage(path.join(config.dataDir, 'uploads'));

/** The documents as the app reads and writes them: encrypted at rest under DATA_KEY, wherever they are. */
export const createStorage = (
  config: Pick<AppConfig, 'storageUrl' | 'dataDir' | 'dataKey' | 'dataKeysPrevious'>,
): Storage => encryptedStorage(createStoredFiles(config), config.dataKey, config.dataKeysPrevious);
