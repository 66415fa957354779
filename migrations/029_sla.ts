import type { Knex } from 'knex';

/**
 * SLA clocks on orders (the policies are migration 027's): the policy that applies, the state, the due time,
 * the business minutes counted before the current run and when that run started, and when the state moves
 * on next. An order written by another system (a new one arrives from the site) gets no clock from it: its
 * next check is in the past by default, so the SLA worker, which reads only orders due by that column,
 * starts its clock on its next pass; so does every order here today.
 * Breaches are kept once per order and due time: the key is what lets one process alone run the policy's
 * breach actions, and the table is what the SLA report counts.
 */
const NEVER_CHECKED = '2000-01-01 00:00:00';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.integer('sla_policy_id').unsigned();
    t.string('sla_state', 16);
    t.datetime('sla_due_at');
    t.integer('sla_used_minutes').notNullable().defaultTo(0);
    t.datetime('sla_run_from');
    t.datetime('sla_next_at').defaultTo(NEVER_CHECKED);
  });
  await knex.schema.alterTable('orders', (t) => {
    // The worker's pass: orders due by their next check, nothing else.
    t.index(['sla_next_at'], 'orders_sla_next');
    // A queue (one or more statuses) sorted by due time, and filtered by state then sorted by due time.
    t.index(['process_status', 'sla_due_at'], 'orders_status_sla_due');
    t.index(['sla_state', 'sla_due_at'], 'orders_sla_state_due');
    // The SLA report: orders finished in a range of days.
    t.index(['finished_at'], 'orders_finished_at');
  });
  await knex.schema.createTable('sla_breaches', (t) => {
    t.bigInteger('order_id').unsigned().notNullable();
    t.datetime('due_at').notNullable();
    t.integer('policy_id').unsigned();
    // Where the order stood when it breached: the report's queue and member.
    t.string('status', 32).notNullable();
    t.integer('assignee_id').unsigned();
    t.datetime('breached_at').notNullable();
    t.text('error');
    t.primary(['order_id', 'due_at']);
    t.index(['breached_at'], 'sla_breaches_at');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sla_breaches');
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['sla_next_at'], 'orders_sla_next');
    t.dropIndex(['process_status', 'sla_due_at'], 'orders_status_sla_due');
    t.dropIndex(['sla_state', 'sla_due_at'], 'orders_sla_state_due');
    t.dropIndex(['finished_at'], 'orders_finished_at');
  });
  await knex.schema.alterTable('orders', (t) => {
    for (const column of [
      'sla_policy_id',
      'sla_state',
      'sla_due_at',
      'sla_used_minutes',
      'sla_run_from',
      'sla_next_at',
    ])
      t.dropColumn(column);
  });
}
