/**
 * The audit log as other modules use it: events are recorded in the transaction of the change they
 * describe, and the last event of an order says who changed it last (the stale-write guard's message).
 */
export {
  lastAuditEventOf,
  orderAuditEvent,
  orderAuditEvents,
  recordAudit,
  shipAuditEvents,
  statusesBeforeDelete,
  type AuditEvent,
  type OrderAuditRow,
} from './repo.js';
export { verifyChain } from './chain.js';
