import type { Knex } from 'knex';

/**
 * Automation: rules, macros, the log of their runs, the firings of time rules (one per rule, order and
 * entry into the status, kept unique so that two processes fire once), the outbox of webhooks, the
 * round-robin cursors, SLA policies, and when each order entered its status (time rules read only
 * orders due, by status then that time).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.datetime('status_entered_at');
  });
  // An order entered its status at its last change into it the trail recorded, else when it was created.
  const lastEntry = knex('audit_events as a')
    .max('a.created_at')
    .whereRaw('a.order_id = orders.order_id')
    .whereRaw('a.to_value = orders.process_status');
  await knex('orders').update({ status_entered_at: knex.raw('COALESCE((?), created_at)', [lastEntry]) });
  await knex.schema.alterTable('orders', (t) => {
    t.index(['process_status', 'status_entered_at'], 'orders_status_entered');
  });

  await knex.schema.createTable('automation_rules', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.text('trigger_json').notNullable();
    t.text('conditions_json').notNullable();
    t.text('actions_json').notNullable();
    t.integer('position').notNullable().defaultTo(0);
    // A time rule's scheduler has fired every order that entered its status up to this time.
    t.datetime('scanned_until');
    t.datetime('created_at').notNullable();
    t.datetime('updated_at').notNullable();
  });

  await knex.schema.createTable('macros', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.text('roles_json').notNullable();
    t.text('actions_json').notNullable();
    t.datetime('created_at').notNullable();
    t.datetime('updated_at').notNullable();
  });

  await knex.schema.createTable('automation_runs', (t) => {
    t.bigIncrements('id');
    t.integer('rule_id').unsigned();
    t.integer('macro_id').unsigned();
    t.bigInteger('order_id').unsigned().notNullable();
    t.datetime('created_at').notNullable();
    t.text('actions_json').notNullable();
    t.text('error');
    t.index(['order_id', 'id']);
    t.index(['rule_id', 'id']);
  });

  await knex.schema.createTable('rule_firings', (t) => {
    t.integer('rule_id').unsigned().notNullable();
    t.bigInteger('order_id').unsigned().notNullable();
    t.datetime('entered_at').notNullable();
    t.primary(['rule_id', 'order_id', 'entered_at']);
  });

  await knex.schema.createTable('webhook_outbox', (t) => {
    t.bigIncrements('id');
    t.integer('rule_id').unsigned();
    t.bigInteger('order_id').unsigned();
    t.string('url', 500).notNullable();
    t.text('body').notNullable();
    t.string('state', 16).notNullable().defaultTo('queued');
    t.integer('attempts').notNullable().defaultTo(0);
    t.datetime('next_attempt_at').notNullable();
    t.string('claimed_by', 64);
    t.datetime('claimed_until');
    t.text('last_error');
    t.datetime('sent_at');
    t.datetime('created_at').notNullable();
    t.index(['state', 'next_attempt_at']);
  });

  await knex.schema.createTable('assign_cursors', (t) => {
    t.string('strategy_key', 64).primary();
    t.integer('member_id').unsigned().notNullable();
  });

  await knex.schema.createTable('sla_policies', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.integer('position').notNullable().defaultTo(0);
    t.text('policy_json').notNullable();
    t.datetime('created_at').notNullable();
    t.datetime('updated_at').notNullable();
  });
  // The two limits the environment gave until now, as policies: hours after payment, round the clock.
  const hours = (name: string, fallback: number) => Number(process.env[name] || fallback);
  const policy = (name: string, conditions: object, targetHours: number) => ({
    conditions,
    targetMinutes: targetHours * 60,
    warnAtPercent: 75,
    pauseStatuses: ['Awaiting', 'AwaitingGovt'],
    businessHours: { timeZone: 'UTC', days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '00:00' },
    holidays: [],
    breachActions: [],
    name,
  });
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
  await knex('sla_policies').insert(
    [
      policy('Priority', { processing_mode: 'Priority' }, hours('SLA_PRIORITY_HOURS', 2)),
      policy('Standard', {}, hours('SLA_STANDARD_HOURS', 24)),
    ].map(({ name, ...rest }, i) => ({
      name,
      position: i,
      policy_json: JSON.stringify(rest),
      created_at: now,
      updated_at: now,
    })),
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'assign_cursors',
    'webhook_outbox',
    'rule_firings',
    'automation_runs',
    'macros',
    'automation_rules',
  ])
    await knex.schema.dropTableIfExists(table);
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['process_status', 'status_entered_at'], 'orders_status_entered');
    t.dropColumn('status_entered_at');
  });
}
