import type { Knex } from 'knex';
import { MODE_COLUMNS, OTHER_MODES_COLUMN, rebuildReportRollups } from '../api/src/modules/reports/rollups.js';

/**
 * Issue 23. The country and Processed By reports read totals instead of a date range of orders
 * (812,892 rows for 30 days at 10M orders): orders created per UTC day and per month and nationality,
 * counted per processing mode (Deleted left out), and orders processed per UTC day and per month and member, kept by the
 * change path in the same transaction as each change (api/src/modules/reports/rollups.ts). Filled
 * from the orders.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('report_country_totals', (t) => {
    // 'day', or 'month' with `day` its first day: a range reads whole months from month rows.
    t.string('period', 5).notNullable();
    t.date('day').notNullable();
    // '' for an order without a nationality: a key column cannot be NULL.
    t.string('nationality', 64).notNullable();
    // A count per processing mode: one row per nationality, a third of the rows a range would read with the mode in the key.
    for (const column of [...Object.values(MODE_COLUMNS), OTHER_MODES_COLUMN]) {
      t.integer(column).notNullable().defaultTo(0);
    }
    t.primary(['period', 'day', 'nationality']);
  });
  await knex.schema.createTable('report_processed_totals', (t) => {
    t.string('period', 5).notNullable();
    t.date('day').notNullable();
    t.string('processed_by', 100).notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.primary(['period', 'day', 'processed_by']);
  });
  await rebuildReportRollups(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('report_processed_totals');
  await knex.schema.dropTable('report_country_totals');
}
