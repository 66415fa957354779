import { tableRepository } from '../../db/list.js';
import type { ResourceRepository } from '../../core/resources.js';
import { auditRecords } from './repo.js';

/** audit-events: the Audit Log, read-only. */
export const auditEventsRepository: ResourceRepository = { list: tableRepository(auditRecords).list };
