import type { Knex } from 'knex';

/**
 * The Audit Log lists events newest first filtered by member or by action (the audit-events resource).
 * The audit table grows with every change; these indexes keep each filter an index walk in id order.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_events', (t) => {
    t.index(['member_id', 'id'], 'audit_events_member');
    t.index(['action', 'id'], 'audit_events_action');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_events', (t) => {
    t.dropIndex(['member_id', 'id'], 'audit_events_member');
    t.dropIndex(['action', 'id'], 'audit_events_action');
  });
}
