import { tableRepository } from '../../db/list.js';
import type { ResourceRepository } from '../../core/resources.js';
import { documentRecords } from './repo.js';

/** documents: an order's uploaded documents, read-only (uploading is the upload action). */
export const documentsRepository: ResourceRepository = { list: tableRepository(documentRecords).list };
