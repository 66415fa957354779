import type { Knex } from 'knex';

/**
 * Live work. `version` counts the changes of an order: every change increments it, and a
 * change decided on an older version is refused (the stale-write guard). The status/paid_at index
 * serves queues sorted by age (time since payment).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.integer('version').unsigned().notNullable().defaultTo(0);
    t.index(['process_status', 'paid_at'], 'orders_status_paid');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['process_status', 'paid_at'], 'orders_status_paid');
    t.dropColumn('version');
  });
}
