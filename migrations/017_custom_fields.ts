import type { Knex } from 'knex';

/**
 * What Admins configure at run time, kept on the server, and the values of custom fields.
 * - order_fields: one row per custom field, and per built-in field an Admin overrode (its overrides only);
 *   `definition` is the record of /api/order-fields as JSON. A removed custom field keeps its row and values.
 * - custom_queues: one row per custom queue, `definition` the record of /api/custom-queues as JSON.
 * - order_values: a custom field's value of an order, one row per (field, order), no row for no value. Text,
 *   choices, dates ('YYYY-MM-DD') and datetimes ('YYYY-MM-DD HH:mm:ss', UTC) in value_text, numbers and
 *   booleans (0/1) in value_number, long text in value_long. The two (field, value, order) indexes serve a
 *   filter or a sort on any custom field, whatever its type, with no DDL when a field is added.
 * - custom_queue_orders / custom_queue_counters: which orders each custom queue holds and how many, kept
 *   by the one change path (like order_counters), so a custom queue's page and count read an index range.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_fields', (t) => {
    t.string('id', 64).primary();
    t.boolean('built_in').notNullable().defaultTo(false);
    t.boolean('removed').notNullable().defaultTo(false);
    t.text('definition').notNullable();
    t.datetime('updated_at').notNullable();
  });
  await knex.schema.createTable('custom_queues', (t) => {
    t.string('id', 64).primary();
    t.text('definition').notNullable();
    t.datetime('updated_at').notNullable();
  });
  await knex.schema.createTable('order_values', (t) => {
    t.bigInteger('order_id').unsigned().notNullable();
    t.string('field_id', 64).notNullable();
    t.string('value_text', 191);
    t.double('value_number');
    t.text('value_long');
    // Keyed by field first: a page's values, a filter's check and a "no value" check each read the one
    // field's rows, kept together, instead of every field's rows of the order (the pages of the whole
    // table, which a default buffer pool cannot hold at a million orders: 11 ms for a page of 100 then,
    // 1-2 ms this way; tests/bench/customFieldsSql.ts). Every read names the field.
    t.primary(['field_id', 'order_id']);
    t.index(['field_id', 'value_text', 'order_id'], 'order_values_text');
    t.index(['field_id', 'value_number', 'order_id'], 'order_values_number');
  });
  await knex.schema.createTable('custom_queue_orders', (t) => {
    t.string('queue_id', 64).notNullable();
    t.bigInteger('order_id').unsigned().notNullable();
    t.primary(['queue_id', 'order_id']);
  });
  await knex.schema.createTable('custom_queue_counters', (t) => {
    t.string('queue_id', 64).notNullable();
    // Per Galera node, as order_counters (migration 012).
    t.smallint('shard').unsigned().notNullable().defaultTo(0);
    t.bigInteger('count').notNullable().defaultTo(0);
    t.primary(['queue_id', 'shard']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['custom_queue_counters', 'custom_queue_orders', 'order_values', 'custom_queues', 'order_fields'])
    await knex.schema.dropTableIfExists(table);
}
