import type { Knex } from 'knex';

/**
 * Orders per status, mode and assignee, per writer shard as order_counters (migration 012), without the
 * processing date. order_counters keeps a row per New order's processing date (the Future queue and the
 * move from Future to New at midnight need it), so a total that asks no date (My Orders, Priority,
 * Pending, Order History, the folder counts) summed one row per date: 2,863 rows at 1M orders. These
 * totals are a few rows per status; the change path moves them with the counters.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_totals', (t) => {
    t.string('status', 32).notNullable();
    t.string('mode', 16).notNullable();
    t.integer('assignee_id').unsigned().notNullable().defaultTo(0);
    t.smallint('shard').unsigned().notNullable().defaultTo(0);
    t.bigInteger('count').notNullable().defaultTo(0);
    t.primary(['status', 'mode', 'assignee_id', 'shard']);
    // My Orders: one member's rows.
    t.index(['assignee_id', 'status', 'count'], 'order_totals_assignee');
  });
  await knex.raw(
    'INSERT INTO order_totals (status, mode, assignee_id, shard, count) ' +
      'SELECT status, mode, assignee_id, shard, SUM(count) FROM order_counters GROUP BY status, mode, assignee_id, shard',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('order_totals');
}
