/**
 * The audit log as other modules use it: events are recorded in the transaction of the change they
 * describe, and the last event of an order says who changed it last (the stale-write guard's message).
 */
export { lastAuditEventOf, recordAudit, shipAuditEvents, statusesBeforeDelete, type AuditEvent } from './repo.js';
export { verifyChain, type ChainReport } from './chain.js';
