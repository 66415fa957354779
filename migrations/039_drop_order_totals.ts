import type { Knex } from 'knex';

/**
 * order_totals (migration 019) goes: the queue totals and folder counts read order_counters alone and meet
 * their budgets without it (docs/decisions/order-totals.md), and one table fewer is written by every change.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTable('order_totals');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_totals', (t) => {
    t.string('status', 32).notNullable();
    t.string('mode', 16).notNullable();
    t.integer('assignee_id').unsigned().notNullable().defaultTo(0);
    t.smallint('shard').unsigned().notNullable().defaultTo(0);
    t.bigInteger('count').notNullable().defaultTo(0);
    t.primary(['status', 'mode', 'assignee_id', 'shard']);
    t.index(['assignee_id', 'status', 'count'], 'order_totals_assignee');
  });
  await knex.raw(
    'INSERT INTO order_totals (status, mode, assignee_id, shard, count) ' +
      'SELECT status, mode, assignee_id, shard, SUM(count) FROM order_counters GROUP BY status, mode, assignee_id, shard',
  );
}
