import type { Knex } from 'knex';

/** The whole schema of the first release: orders and everything hanging off them. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('team_members', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.string('email', 191).notNullable().unique();
    t.string('password_hash', 255).notNullable();
    t.string('type', 20).notNullable();
    // Bumped on password change so that older tokens stop working.
    t.integer('token_version').notNullable().defaultTo(0);
    t.datetime('created_at').notNullable();
    t.datetime('updated_at').notNullable();
    t.datetime('last_login_at');
  });

  await knex.schema.createTable('payment_gateways', (t) => {
    t.increments('id');
    t.string('gateway_name', 100).notNullable().unique();
    t.boolean('is_active').notNullable().defaultTo(false);
    t.datetime('created_at').notNullable();
  });

  await knex.schema.createTable('orders', (t) => {
    t.bigIncrements('order_id');
    t.string('processing_mode', 16).notNullable().defaultTo('Standard');
    t.string('process_status', 32).notNullable().defaultTo('New');
    t.date('processing_date');
    t.string('process_month', 20);
    t.datetime('created_at').notNullable();
    t.datetime('updated_at').notNullable();
    t.datetime('refund_date');
    t.string('assign_to', 100);
    t.integer('assignee_id').unsigned();
    t.datetime('assigned_at');
    // Applicant
    t.string('first_name', 100);
    t.string('last_name', 100);
    t.string('full_name', 200);
    t.string('email', 191).notNullable();
    t.string('contact_email_address', 191);
    t.string('phone_code', 8);
    t.string('phone_number', 32);
    t.string('passport_number', 32);
    t.string('nationality', 64);
    t.date('date_of_birth');
    t.string('occupation', 100);
    t.string('gender', 16);
    t.string('territory', 100);
    t.string('state', 100);
    // Arrival
    t.date('date_of_arrival');
    t.string('arrival_territory', 100);
    t.string('purpose_of_travel', 100);
    t.string('other_purpose_arrival', 200);
    t.string('arrival_mode_of_travel', 50);
    t.string('other_mode_arrival', 100);
    t.string('arrival_mode_of_transport', 100);
    t.string('arrivalflight_and_vehicle_number', 50);
    // Departure
    t.date('date_of_departure');
    t.string('departure_mode_of_travel', 50);
    t.string('departure_mode_of_transport', 100);
    t.string('other_mode_departure', 100);
    t.string('departureflight_and_vehicle_number', 50);
    // Accommodation and health
    t.boolean('is_transit').notNullable().defaultTo(false);
    t.string('accommodation_in_thailand', 100);
    t.string('other_accomodation', 200);
    t.string('province', 100);
    t.string('district_area', 100);
    t.string('sub_district', 100);
    t.string('address', 500);
    t.string('yellow_fever', 8);
    t.date('date_of_vaccination');
    // Sale, billing and chargeback evidence
    t.string('landing_domain', 191);
    t.string('transaction_id', 100);
    t.string('merchant_name', 150);
    t.decimal('amount', 10, 2);
    t.string('currency', 3);
    t.integer('gateway_id').unsigned();
    t.datetime('paid_at');
    t.string('purchase_ip', 64);
    t.string('purchase_user_agent', 512);
    t.datetime('terms_accepted_at');
    t.string('processed_by', 100);
    t.integer('processed_by_id').unsigned();
    t.datetime('processed_at');

    // Queue filters and their newest-first order (docs/product.md#queues).
    t.index(['process_status', 'order_id'], 'orders_status_id');
    t.index(['process_status', 'processing_mode', 'processing_date'], 'orders_status_mode_date');
    t.index(['process_status', 'assignee_id'], 'orders_status_assignee');
    t.index(['assignee_id', 'process_status'], 'orders_assignee_status');
    // Searches and reports.
    t.index(['email'], 'orders_email');
    t.index(['contact_email_address'], 'orders_contact_email');
    t.index(['full_name'], 'orders_full_name');
    t.index(['last_name'], 'orders_last_name');
    t.index(['created_at'], 'orders_created_at');
    t.index(['processed_at', 'processed_by'], 'orders_processed');
  });

  // Exact queue counts without scanning orders: one row per combination of the facts the queues
  // filter on, kept in the same transaction as every change (docs/decisions/sharded-counters.md).
  await knex.schema.createTable('order_counters', (t) => {
    t.string('status', 32).notNullable();
    t.string('mode', 16).notNullable();
    t.integer('assignee_id').unsigned().notNullable().defaultTo(0);
    // The processing date, only for New orders (the only date-dependent queues); '' otherwise.
    t.string('due_date', 10).notNullable().defaultTo('');
    t.bigInteger('count').notNullable().defaultTo(0);
    t.primary(['status', 'mode', 'assignee_id', 'due_date']);
  });

  await knex.schema.createTable('remarks', (t) => {
    t.increments('id');
    t.bigInteger('order_id').unsigned().notNullable().references('order_id').inTable('orders');
    t.text('remark').notNullable();
    t.string('remark_name', 100).notNullable();
    t.integer('member_id').unsigned();
    for (const flag of ['whatsapp', 'telephone', 'status_refund', 'voided', 'chargeback', 'report_error']) {
      t.string(flag, 1).notNullable().defaultTo('N');
    }
    t.datetime('created_at').notNullable();
    t.index(['order_id', 'id']);
  });

  await knex.schema.createTable('uploaded_documents', (t) => {
    t.increments('id');
    t.bigInteger('order_id').unsigned().notNullable().references('order_id').inTable('orders');
    // Public name in links (uploads/docs/{orderId}_{file1}); storage_key is where the bytes are.
    t.string('file1', 191).notNullable().unique();
    t.string('storage_key', 255).notNullable();
    t.string('original_name', 255);
    t.string('mime_type', 64).notNullable();
    t.integer('size_bytes').unsigned().notNullable();
    t.string('customer_name', 200);
    t.string('mail_service_provider', 16).notNullable();
    t.integer('uploaded_by_id').unsigned();
    t.string('uploaded_by', 100);
    t.datetime('created_at').notNullable();
    t.index(['order_id', 'id']);
  });

  await knex.schema.createTable('mail_outbox', (t) => {
    t.increments('id');
    t.bigInteger('order_id').unsigned().references('order_id').inTable('orders');
    t.string('kind', 20).notNullable();
    t.string('provider', 16).notNullable();
    t.string('to_email', 191).notNullable();
    t.string('subject', 255).notNullable();
    // Everything the template needs, as JSON, so a mail can be rendered again on retry.
    t.text('payload').notNullable();
    t.integer('document_id').unsigned();
    t.string('state', 16).notNullable().defaultTo('queued');
    t.integer('attempts').notNullable().defaultTo(0);
    t.datetime('next_attempt_at').notNullable();
    t.string('claimed_by', 64);
    t.datetime('claimed_until');
    t.text('last_error');
    t.string('message_id', 255);
    t.datetime('sent_at');
    t.integer('created_by_id').unsigned();
    t.datetime('created_at').notNullable();
    t.index(['state', 'next_attempt_at']);
    t.index(['order_id', 'id']);
  });

  await knex.schema.createTable('download_history', (t) => {
    t.increments('id');
    t.bigInteger('order_id').unsigned().notNullable().references('order_id').inTable('orders');
    t.integer('document_id').unsigned();
    t.string('file1', 191);
    t.string('ip', 64);
    t.string('user_agent', 512);
    t.string('device', 100);
    t.string('device_type', 40);
    t.string('browser', 100);
    t.string('os', 100);
    t.string('location', 100);
    t.string('timezone', 64);
    t.datetime('created_at').notNullable();
    t.index(['order_id', 'id']);
  });

  await knex.schema.createTable('audit_events', (t) => {
    t.bigIncrements('id');
    t.integer('member_id').unsigned();
    t.string('member_name', 100);
    t.string('action', 40).notNullable();
    t.bigInteger('order_id').unsigned();
    t.string('from_value', 64);
    t.string('to_value', 64);
    t.text('detail');
    t.datetime('created_at').notNullable();
    t.index(['order_id', 'id']);
    t.index(['created_at']);
  });

  await knex.schema.createTable('settings', (t) => {
    t.string('key', 100).primary();
    t.text('value');
    t.datetime('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'settings',
    'audit_events',
    'download_history',
    'mail_outbox',
    'uploaded_documents',
    'remarks',
    'order_counters',
    'orders',
    'payment_gateways',
    'team_members',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
