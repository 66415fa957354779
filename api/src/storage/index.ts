import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';
import type { Storage } from './storage.js';

export type { Storage } from './storage.js';
export { createLocalStorage } from './local.js';

/** Documents in the bucket of STORAGE_URL (s3://...) when it is set, else under `localRoot`. */
export const createStorage = (storageUrl: string, localRoot: string): Storage =>
  storageUrl ? createS3Storage(storageUrl) : createLocalStorage(localRoot);
