import { tableRepository } from '../resources/table.js';
import type { ResourceRepository } from '../resources/types.js';
import { documentRecords } from './repo.js';

/** documents: an order's uploaded documents, read-only (uploading is the upload action). */
export const documentsRepository: ResourceRepository = { list: tableRepository(documentRecords).list };
