import type { Knex } from 'knex';

/**
 * Search everywhere looks orders up by passport number, phone number and transaction id, each exactly or by
 * its start: an index range per column rather than a scan of the orders. (Ids, emails and names have theirs;
 * the transaction id's, orders_transaction_id, comes with the disputes, whose webhooks find orders by it.)
 */
const INDEXES: ReadonlyArray<[columns: string[], name: string]> = [
  [['passport_number'], 'orders_passport_number'],
  [['phone_number'], 'orders_phone_number'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [columns, name] of INDEXES) await knex.schema.alterTable('orders', (t) => t.index(columns, name));
}

export async function down(knex: Knex): Promise<void> {
  for (const [columns, name] of INDEXES) await knex.schema.alterTable('orders', (t) => t.dropIndex(columns, name));
}
