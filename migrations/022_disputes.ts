import type { Knex } from 'knex';

/**
 * The dispute desk: disputes and the evidence people add to them, the gateway webhook events already
 * applied (a replay changes nothing), members' notifications, and the networks' monitoring thresholds.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('disputes', (t) => {
    t.increments('id').primary();
    // Null until a Manager matches a dispute whose payment no order carries.
    t.integer('order_id').unsigned().nullable();
    t.string('gateway', 64);
    t.string('network', 16).notNullable();
    t.string('reason_code', 32).notNullable();
    t.string('reason_category', 32).notNullable();
    t.decimal('amount', 10, 2).notNullable();
    t.string('currency', 3).notNullable();
    t.datetime('opened_at').notNullable();
    t.datetime('due_by').notNullable();
    t.string('status', 20).notNullable();
    t.datetime('submitted_at');
    t.datetime('outcome_at');
    t.text('notes');
    // The gateway's id of the dispute (Stripe's dp_…) and the payment it named.
    t.string('external_id', 100).unique('disputes_external_id');
    t.string('charge_ref', 100);
    // Each deadline notice is claimed by one conditional update: sent once, whatever the processes.
    t.datetime('notice_5_at');
    t.datetime('notice_2_at');
    t.datetime('created_at').notNullable();
    t.datetime('updated_at').notNullable();
    t.index(['order_id', 'id'], 'disputes_order_id');
    t.index(['status', 'due_by'], 'disputes_status_due_by');
    t.index(['opened_at'], 'disputes_opened_at');
    t.index(['network', 'opened_at'], 'disputes_network_opened_at');
    t.index(['reason_category', 'opened_at'], 'disputes_category_opened_at');
  });

  await knex.schema.createTable('dispute_evidence', (t) => {
    t.increments('id').primary();
    t.integer('dispute_id').unsigned().notNullable();
    t.string('item', 40).notNullable();
    t.text('text');
    t.string('file', 191);
    t.string('original_name', 191);
    t.string('mime_type', 100);
    t.integer('added_by_id').unsigned();
    t.string('added_by', 100);
    t.datetime('created_at').notNullable();
    t.index(['dispute_id', 'id'], 'dispute_evidence_dispute');
  });

  await knex.schema.createTable('gateway_webhook_events', (t) => {
    t.string('provider', 20).notNullable();
    t.string('event_id', 191).notNullable();
    t.string('type', 64).notNullable();
    t.datetime('received_at').notNullable();
    t.primary(['provider', 'event_id']);
  });

  await knex.schema.createTable('notifications', (t) => {
    t.bigIncrements('id').primary();
    t.integer('member_id').unsigned().notNullable();
    t.string('kind', 40).notNullable();
    t.string('title', 191).notNullable();
    t.text('body');
    t.string('link', 191);
    t.datetime('read_at');
    t.datetime('created_at').notNullable();
    t.index(['member_id', 'id'], 'notifications_member');
  });

  // A webhook names the payment by the gateway's id: found by index, not by a scan of the orders.
  await knex.schema.alterTable('orders', (t) => t.index(['transaction_id'], 'orders_transaction_id'));

  // Percent of transactions disputed in a month at which Visa's and Mastercard's programmes act.
  const thresholds = { visa: 0.9, mastercard: 1, amex: 1, other: 1 };
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
  await knex('settings').insert(
    Object.entries(thresholds).map(([network, percent]) => ({
      key: `disputes.threshold.${network}`,
      value: String(percent),
      updated_at: now,
    })),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('settings').where('key', 'like', 'disputes.threshold.%').del();
  await knex.schema.alterTable('orders', (t) => t.dropIndex(['transaction_id'], 'orders_transaction_id'));
  for (const table of ['notifications', 'gateway_webhook_events', 'dispute_evidence', 'disputes'])
    await knex.schema.dropTableIfExists(table);
}
