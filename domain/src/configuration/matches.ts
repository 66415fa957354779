import type { FieldDefinition, ResourceDefinition } from '../registry/types.js';
import type { CustomQueueRecord } from './types.js';

/**
 * A list filter (GET /api/orders' `filter`, a custom queue's `filter`) read against a resource's fields:
 * the key of each field's filter and the operator it stands for, and whether a record passes. The API
 * turns the same keys into SQL; a custom queue's membership is decided here when an order changes.
 */
export type FilterOperator = 'eq' | 'gte' | 'lte' | 'prefix';

/** Filter keys of a resource: a field's source (eq, prefix), or source_gte and source_lte (range). */
export function listFilterKeys(resource: Pick<ResourceDefinition, 'fields'>) {
  const keys = new Map<string, { field: FieldDefinition; op: FilterOperator }>();
  for (const field of resource.fields) {
    if (field.filter === 'eq' || field.filter === 'prefix') keys.set(field.source, { field, op: field.filter });
    if (field.filter === 'range') {
      keys.set(`${field.source}_gte`, { field, op: 'gte' });
      keys.set(`${field.source}_lte`, { field, op: 'lte' });
    }
  }
  return keys;
}

/**
 * Filter keys a custom queue's filter (and a rule's conditions) may not use: the queue and the search are the
 * list's own, and the SLA state moves with time, not with the changes that keep queues and fire rules.
 */
export const RESERVED_FILTER_KEYS = ['queue', 'q', 'sla_state'];

/** A datetime bound as stored: a day covers the whole day (the API's SQL of a queue's filter takes it too). */
export const storedBound = (field: FieldDefinition, op: FilterOperator, value: string) =>
  field.type === 'datetime' && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? `${value} ${op === 'lte' ? '23:59:59' : '00:00:00'}`
    : value;

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' || typeof b === 'number') return Number(a) - Number(b);
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** Whether a record (its fields by source, custom values included) passes one filter key's value. */
export function passesFilter(
  field: FieldDefinition,
  op: FilterOperator,
  wanted: unknown,
  record: Record<string, unknown>,
) {
  let value = record[field.source];
  if (value === undefined || value === null) return false;
  if (field.type === 'boolean') value = value === true || value === 1 || value === '1';
  // Free text matches whatever its case, as the rebuild's SQL does (customQueues.ts: MySQL's collation,
  // lower() on SQLite); choices and statuses are stored as listed.
  const caseless = field.type === 'text' || field.type === 'email';
  const fold = (v: unknown) => (caseless ? String(v).toLowerCase() : v);
  switch (op) {
    case 'eq':
      return [wanted].flat().some((w) => compare(fold(value), fold(w)) === 0);
    case 'prefix':
      return String(fold(value)).startsWith(String(fold(wanted)));
    case 'gte':
      return compare(value, storedBound(field, op, String(wanted))) >= 0;
    case 'lte':
      return compare(value, storedBound(field, op, String(wanted))) <= 0;
  }
}

/** Whether a record (its fields by source, custom values included) passes every key of a list filter. */
export function passesListFilter(
  filter: Record<string, unknown>,
  resource: Pick<ResourceDefinition, 'fields'>,
  record: Record<string, unknown>,
): boolean {
  const keys = listFilterKeys(resource);
  return Object.entries(filter).every(([key, wanted]) => {
    const accepted = keys.get(key);
    return !!accepted && passesFilter(accepted.field, accepted.op, wanted, record);
  });
}

/** Whether an order (with its custom values) is in a custom queue: one of its statuses, and its filter. */
export function inCustomQueue(
  queue: Pick<CustomQueueRecord, 'statuses' | 'filter'>,
  orders: Pick<ResourceDefinition, 'fields'>,
  order: Record<string, unknown>,
): boolean {
  return queue.statuses.includes(order.process_status as never) && passesListFilter(queue.filter, orders, order);
}
