import type { Knex } from 'knex';

/**
 * The age a finished order shows, kept: whole minutes from payment to when the work was
 * done (`finished_at`, migration 010). Its index makes Age the order of an index walk in the queues of
 * finished orders (Completed, Refunds, Charge Back) instead of a sort of the whole queue.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.integer('work_minutes');
    t.index(['process_status', 'work_minutes', 'order_id'], 'orders_status_work');
  });
  const minutes =
    knex.client.config.client === 'mysql2'
      ? 'GREATEST(0, TIMESTAMPDIFF(MINUTE, paid_at, finished_at))'
      : "MAX(0, (strftime('%s', finished_at) - strftime('%s', paid_at)) / 60)";
  await knex('orders')
    .whereNotNull('finished_at')
    .whereNotNull('paid_at')
    .update({ work_minutes: knex.raw(minutes) });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['process_status', 'work_minutes', 'order_id'], 'orders_status_work');
    t.dropColumn('work_minutes');
  });
}
