import type { FieldDefinition } from './types.js';

/**
 * What every history of an order shares (Comment, Email, Download History, documents): listed for one
 * order (filter order_id, required), newest first everywhere, and `seq` is the row's place counted
 * from the order's first (#1 is the oldest), so a row keeps its # whichever way it is sorted. Each
 * history's table has the same index on (order_id, id), named after the table: it serves the required
 * order filter and, within one order's few rows, every sort.
 */
export const historyFields = (table: string) => {
  const byOrder = `${table}_order_id_id_index`;
  return {
    id: { source: 'id', type: 'id', places: [], sortable: true, index: 'PRIMARY' },
    seq: { source: 'seq', type: 'number', places: ['list'] },
    orderId: { source: 'order_id', type: 'reference', reference: 'orders', places: [], filter: 'eq', index: byOrder },
    createdAt: { source: 'created_at', type: 'datetime', places: ['list'], sortable: true, index: byOrder },
    /** The index a history's own filters use (the required order filter leads it). */
    byOrder,
  } satisfies Record<string, FieldDefinition | string>;
};

export const HISTORY_SORT = { field: 'id', order: 'DESC' } as const;
