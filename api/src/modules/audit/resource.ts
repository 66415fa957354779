import { tableRepository } from '../resources/table.js';
import type { ResourceRepository } from '../resources/types.js';
import { auditRecords } from './repo.js';

/** audit-events: the Audit Log, read-only. */
export const auditEventsRepository: ResourceRepository = { list: tableRepository(auditRecords).list };
