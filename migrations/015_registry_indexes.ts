import type { Knex } from 'knex';

/**
 * The indexes the registry names for sorts and filters that had none (api/src/db/registryIndexes.ts
 * checks every one): Refunds sorted by refund date as an index walk of that status, the nationality
 * filter of the orders as a lookup instead of a scan, and the sortable columns of Manage Team.
 */
const INDEXES: ReadonlyArray<[table: string, columns: string[], name: string]> = [
  ['orders', ['process_status', 'refund_date', 'order_id'], 'orders_status_refund'],
  ['orders', ['nationality', 'order_id'], 'orders_nationality'],
  ['team_members', ['name'], 'team_members_name'],
  ['team_members', ['type'], 'team_members_type'],
  ['team_members', ['last_login_at'], 'team_members_last_login'],
  ['team_members', ['created_at'], 'team_members_created'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [table, columns, name] of INDEXES) await knex.schema.alterTable(table, (t) => t.index(columns, name));
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, columns, name] of INDEXES) await knex.schema.alterTable(table, (t) => t.dropIndex(columns, name));
}
