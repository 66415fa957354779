/**
 * The orders module's service, the one way other modules reach orders: reading (read.ts: counts, the
 * one list read, the page cache, SLA age, Future Orders months, the view-order page) and changing
 * (change.ts: every order action through the one change path).
 */
export * from './read.js';
export * from './change.js';
/** Custom queues (issue 21): which the app has, which a role may open, and their members rebuilt in SQL. */
export {
  applyCustomQueueChanges,
  configuredCustomQueues,
  customQueuesFor,
  rebuildCustomQueues,
} from './customQueues.js';
/** An order's custom fields with their labels and values (Defence Pack 2's order details). */
export { customValuesOf } from './customFields.js';
/** Which order fields the registry hides from a role: evidence packs leave them out as every order answer does. */
export { hiddenFields } from './visibleFields.js';
