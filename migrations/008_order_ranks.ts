import type { Knex } from 'knex';

/**
 * Scale. Orders per status per block of consecutive order ids, kept in the same transaction as every
 * change like order_counters: page N of a status queue sums one row per block, then walks at most
 * one block, instead of an OFFSET walk of up to half a 700,000-row queue. Filled from the orders.
 * A first-name index with the order id, so a search by a common first name reads its newest matches
 * in id order and stops, like the last-name one already does.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.index(['first_name', 'order_id'], 'orders_first_name');
  });
  await knex.schema.createTable('order_ranks', (t) => {
    t.string('status', 32).notNullable();
    t.integer('block').unsigned().notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.primary(['status', 'block']);
  });
  // Filled here with the SQL of the time, not the app's rebuildOrderRanks: a migration stays as it ran,
  // whatever the app's code becomes. 16,384 ids a block (RANK_BLOCK); integer division on both dialects.
  const block = `order_id ${knex.client.config.client === 'mysql2' ? 'DIV' : '/'} 16384`;
  await knex.raw(
    `INSERT INTO order_ranks (status, block, count) SELECT process_status, ${block}, COUNT(*) FROM orders GROUP BY 1, 2`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('order_ranks');
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['first_name', 'order_id'], 'orders_first_name');
  });
}
