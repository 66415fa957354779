import type { Knex } from 'knex';

/**
 * A breach's actions, queued in the breach's own transaction (the actions of its policy then), and applied
 * by the SLA worker in a transaction of their own that also marks them applied: a process that dies
 * between the two leaves them queued for the next pass, and of two processes one applies them. A failed
 * attempt is tried again later (`actions_due_at`) until the attempts run out; the index is the worker's
 * read of those due.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sla_breaches', (t) => {
    t.text('actions_json');
    t.datetime('actions_due_at');
    t.integer('action_attempts').notNullable().defaultTo(0);
    t.index(['actions_due_at'], 'sla_breaches_actions_due');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sla_breaches', (t) => {
    t.dropIndex(['actions_due_at'], 'sla_breaches_actions_due');
    t.dropColumn('actions_json');
    t.dropColumn('actions_due_at');
    t.dropColumn('action_attempts');
  });
}
