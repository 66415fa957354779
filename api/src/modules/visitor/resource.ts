import { tableRepository } from '../../db/list.js';
import type { ResourceRepository } from '../../core/resources.js';
import { downloadRecords } from './repo.js';

/** downloads: Download History, read-only (the visitor's downloads write it). */
export const downloadsRepository: ResourceRepository = { list: tableRepository(downloadRecords).list };
