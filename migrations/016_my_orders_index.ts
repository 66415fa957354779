import type { Knex } from 'knex';

/**
 * My Orders newest first as an index walk that stops at the page's end: a member's orders by id, with
 * the status beside it to skip the finished ones. orders_assignee_status (assignee_id, process_status)
 * found them too but sorted every order the member ever held, a cost that grew with their history.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) =>
    t.index(['assignee_id', 'order_id', 'process_status'], 'orders_assignee_id'),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) =>
    t.dropIndex(['assignee_id', 'order_id', 'process_status'], 'orders_assignee_id'),
  );
}
