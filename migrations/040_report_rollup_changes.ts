import type { Knex } from 'knex';

/**
 * Order changes waiting to be applied to the report totals (migration 011): the change's transaction adds
 * one row per order whose report facts it moved, and the rollup worker applies and deletes them
 * (api/src/modules/reports/rollupWorker.ts), so a change no longer waits on the hot total rows.
 * Each side is the order's report facts as JSON (ReportFacts), null for an order created or gone.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('report_rollup_changes', (t) => {
    t.bigIncrements('id');
    t.text('before_facts').nullable();
    t.text('after_facts').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('report_rollup_changes');
}
