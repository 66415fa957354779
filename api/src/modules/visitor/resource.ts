import { tableRepository } from '../resources/table.js';
import type { ResourceRepository } from '../resources/types.js';
import { downloadRecords } from './repo.js';

/** downloads: Download History, read-only (the visitor's downloads write it). */
export const downloadsRepository: ResourceRepository = { list: tableRepository(downloadRecords).list };
