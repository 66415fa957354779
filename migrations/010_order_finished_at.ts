import type { Knex } from 'knex';

/** The statuses where the work is done (domain WORK_DONE_STATUSES), as they were when this was written. */
const DONE = ['Completed', 'Refunds', 'ChargeBack'];

/**
 * An order's age stops when its work is done: `finished_at` is when it reached Completed,
 * Refunds or ChargeBack from an unfinished status. Existing finished orders take it from the audit
 * trail (their last move into one of those statuses), else from the time they were processed,
 * refunded or last changed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.datetime('finished_at');
  });
  const lastMoveIn = knex('audit_events as a')
    .max('a.created_at')
    .whereRaw('a.order_id = orders.order_id')
    .whereIn('a.to_value', DONE)
    .where((w) => w.whereNull('a.from_value').orWhereNotIn('a.from_value', DONE));
  await knex('orders')
    .whereIn('process_status', DONE)
    .update({ finished_at: knex.raw('(?)', [lastMoveIn]) });
  await knex('orders')
    .whereIn('process_status', DONE)
    .whereNull('finished_at')
    .update({ finished_at: knex.raw('COALESCE(processed_at, refund_date, updated_at)') });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('finished_at');
  });
}
