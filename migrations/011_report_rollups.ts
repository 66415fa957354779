import type { Knex } from 'knex';

/**
 * The country and Processed By reports read totals instead of a date range of orders
 * (812,892 rows for 30 days at 10M orders): orders created per UTC day and per month and nationality,
 * counted per processing mode (Deleted left out), and orders processed per UTC day and per month and member, kept by the
 * change path in the same transaction as each change (api/src/modules/reports/rollups.ts). Filled
 * from the orders here with the SQL of the time, not the app's rebuildReportRollups: a migration stays
 * as it ran, whatever the app's code becomes.
 */
const MODES = { Standard: 'standard_count', Priority: 'priority_count', Future: 'future_count' };
const OTHER_MODES = 'other_count';
const COUNTRY_COUNTS = [...Object.values(MODES), OTHER_MODES];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('report_country_totals', (t) => {
    // 'day', or 'month' with `day` its first day: a range reads whole months from month rows.
    t.string('period', 5).notNullable();
    t.date('day').notNullable();
    // '' for an order without a nationality: a key column cannot be NULL.
    t.string('nationality', 64).notNullable();
    // A count per processing mode: one row per nationality, a third of the rows a range would read with the mode in the key.
    for (const column of COUNTRY_COUNTS) {
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
  await fillFromOrders(knex);
}

/** Day rows from the orders (no nationality kept as ''), then month rows from the day rows. */
async function fillFromOrders(knex: Knex) {
  const mysql = knex.client.config.client === 'mysql2';
  const day = (column: string) => (mysql ? `DATE(${column})` : `substr(${column}, 1, 10)`);
  const month = mysql ? "DATE_FORMAT(day, '%Y-%m-01')" : "substr(day, 1, 7) || '-01'";
  const modes = Object.keys(MODES);
  const countsByMode = [
    ...modes.map((mode) => knex.raw('SUM(CASE WHEN processing_mode = ? THEN 1 ELSE 0 END)', [mode]).toString()),
    knex
      .raw(`SUM(CASE WHEN processing_mode IN (${modes.map(() => '?').join(', ')}) THEN 0 ELSE 1 END)`, modes)
      .toString(),
  ];
  await knex.raw(
    `INSERT INTO report_country_totals (period, day, nationality, ${COUNTRY_COUNTS.join(', ')})
     SELECT 'day', ${day('created_at')}, COALESCE(nationality, ''), ${countsByMode.join(', ')} FROM orders
     WHERE process_status <> 'Deleted' GROUP BY 2, 3`,
  );
  await knex.raw(
    `INSERT INTO report_processed_totals (period, day, processed_by, count)
     SELECT 'day', ${day('processed_at')}, processed_by, COUNT(*) FROM orders
     WHERE processed_at IS NOT NULL AND processed_by IS NOT NULL GROUP BY 2, 3`,
  );
  await knex.raw(
    `INSERT INTO report_country_totals (period, day, nationality, ${COUNTRY_COUNTS.join(', ')})
     SELECT 'month', ${month}, nationality, ${COUNTRY_COUNTS.map((c) => `SUM(${c})`).join(', ')}
     FROM report_country_totals WHERE period = 'day' GROUP BY 2, 3`,
  );
  await knex.raw(
    `INSERT INTO report_processed_totals (period, day, processed_by, count)
     SELECT 'month', ${month}, processed_by, SUM(count) FROM report_processed_totals
     WHERE period = 'day' GROUP BY 2, 3`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('report_processed_totals');
  await knex.schema.dropTable('report_country_totals');
}
