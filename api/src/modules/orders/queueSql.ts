import type { Knex } from 'knex';
import type { QueueFacts, QueueTest } from '@app/domain';

/** Where a table keeps each queue fact, and what it stores for "none" (NULL, or a stand-in value). */
export type FactColumns = Record<keyof QueueFacts, { column: string; none?: string | number }>;

/** The orders table: facts in their columns, none as NULL. */
export const ORDER_FACT_COLUMNS: FactColumns = {
  status: { column: 'process_status' },
  mode: { column: 'processing_mode' },
  assigneeId: { column: 'assignee_id' },
  processingDate: { column: 'processing_date' },
};

/** The order counters: no assignee is 0, no (or no relevant) processing date is ''. */
export const COUNTER_FACT_COLUMNS: FactColumns = {
  status: { column: 'status' },
  mode: { column: 'mode' },
  assigneeId: { column: 'assignee_id', none: 0 },
  processingDate: { column: 'due_date', none: '' },
};

/** The SQL of queue tests (domain queueTests), on a table whose facts live where `columns` says. */
export function whereQueueTests(q: Knex.QueryBuilder, tests: QueueTest[], columns: FactColumns): void {
  for (const test of tests) {
    const { column, none } = columns[test.fact];
    const isNone = (w: Knex.QueryBuilder) => (none === undefined ? w.whereNull(column) : w.where(column, none));
    const isSome = (w: Knex.QueryBuilder) => (none === undefined ? w.whereNotNull(column) : w.whereNot(column, none));
    switch (test.op) {
      case 'in':
        q.whereIn(column, [...test.values]);
        break;
      case 'notIn':
        q.whereNotIn(column, [...test.values]);
        break;
      case 'null':
        isNone(q);
        break;
      case 'notNull':
        isSome(q);
        break;
      case 'lte':
        if (test.orNull) q.where((w) => isNone(w).orWhere(column, '<=', test.value));
        else q.where((w) => isSome(w).where(column, '<=', test.value));
        break;
      case 'gte':
      case 'gt':
        // '' (the counters' none) sorts before every date, and NULL compares as unknown: neither passes.
        q.where(column, test.op === 'gte' ? '>=' : '>', test.value);
        break;
    }
  }
}
