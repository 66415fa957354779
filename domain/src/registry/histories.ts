import type { FieldDefinition } from './types.js';

/**
 * What every history of an order shares (Comment, Email, Download History, documents): listed for one
 * order (filter order_id, required), newest first everywhere, and `seq` is the row's place counted
 * from the order's first (#1 is the oldest), so a row keeps its # whichever way it is sorted.
 */
export const historyFields = {
  id: { source: 'id', type: 'id', places: [], sortable: true },
  seq: { source: 'seq', type: 'number', places: ['list'] },
  orderId: { source: 'order_id', type: 'reference', reference: 'orders', places: [], filter: 'eq' },
  createdAt: { source: 'created_at', type: 'datetime', places: ['list'], sortable: true },
} satisfies Record<string, FieldDefinition>;

export const HISTORY_SORT = { field: 'id', order: 'DESC' } as const;
