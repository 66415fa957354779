import type { Knex } from 'knex';

/**
 * Orders the sales sites write have no status_entered_at (only this app's change path stamps it): they
 * entered their status when they were created. Time rules read those apart, by status, a NULL
 * status_entered_at and created_at: one range of this index, which begins as orders_status_entered did
 * (the moved orders' range) and so takes its place.
 */
const COLUMNS = ['process_status', 'status_entered_at', 'created_at'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.index(COLUMNS, 'orders_status_since');
    t.dropIndex(['process_status', 'status_entered_at'], 'orders_status_entered');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.index(['process_status', 'status_entered_at'], 'orders_status_entered');
    t.dropIndex(COLUMNS, 'orders_status_since');
  });
}
