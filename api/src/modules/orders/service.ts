/**
 * The orders module's service, the one way other modules reach orders: reading (read.ts: counts, the
 * one list read, the page cache, the age of rows, Future Orders months, the view-order page) and changing
 * (change.ts: every order action through the one change path).
 */
export * from './read.js';
export * from './change.js';
/** Custom queues: which the app has, which a role may open, and their members rebuilt in SQL. */
export {
  applyCustomQueueChanges,
  configuredCustomQueues,
  customQueuesFor,
  listFilterConditions,
  rebuildCustomQueues,
} from './customQueues.js';
/** An order's custom fields with their labels and values (Defence Pack 2's order details). */
export {
  customValuesOf,
  customFieldsOf,
  findCustomValues,
  checkGivenValue,
  type CustomValuesRead,
} from './customFields.js';
/** What a role may read of an order: evidence packs and mails print by the allow-list of every order answer. */
export {
  blankedForRole,
  hiddenFields,
  mayReadFact,
  orderDetailsForRole,
  orderForRole,
  readableFields,
} from './visibleFields.js';
/** What a search with nothing to look for is told. */
export { SEARCH_REQUIRED } from './schemas.js';
/** Search everywhere's orders: looked up in the fields the role may read. */
export { lookUpOrders } from './lookup.js';
