import type { Knex } from 'knex';

/**
 * When each custom value was last set, so that a rule timed on a date field finds a value set since its
 * last pass to a time already due (its index) without reading the field's every row. Rows written
 * before (or by another program) have none: the value's own range still finds them once due.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_values', (t) => {
    t.datetime('changed_at');
    t.index(['field_id', 'changed_at'], 'order_values_changed');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_values', (t) => {
    t.dropIndex(['field_id', 'changed_at'], 'order_values_changed');
    t.dropColumn('changed_at');
  });
}
