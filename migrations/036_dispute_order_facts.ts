import type { Knex } from 'knex';

/**
 * What the dispute report groups by that lived on the order, kept on the dispute: its order's nationality
 * and the evidence it had (`evidence`: the items, sorted, comma-separated, '' for none; those the order's
 * records give and those people added). By nationality and by evidence the report read an order row and
 * each kind of record per dispute (1-3 s at 1M orders); disputes_report now holds both, so every group is
 * one range of index entries. The existing disputes take their orders' values as they are now.
 */
const OLD_COLUMNS = ['opened_at', 'status', 'currency', 'amount', 'network', 'reason_code', 'gateway', 'order_id'];
// order_id was there to reach the order; nothing in the report follows it now.
const COLUMNS = [...OLD_COLUMNS.slice(0, -1), 'nationality', 'evidence'];

/** Whether the dispute's order's records give an item, as SQL over the row being updated. */
const FROM_RECORDS: Record<string, string> = {
  delivery_events:
    'EXISTS (SELECT 1 FROM mail_outbox x WHERE x.order_id = disputes.order_id AND x.delivered_at IS NOT NULL)',
  download_log: 'EXISTS (SELECT 1 FROM download_history x WHERE x.order_id = disputes.order_id)',
  finished_document: 'EXISTS (SELECT 1 FROM uploaded_documents x WHERE x.order_id = disputes.order_id)',
  terms_accepted:
    'EXISTS (SELECT 1 FROM orders x WHERE x.order_id = disputes.order_id AND x.terms_accepted_at IS NOT NULL)',
};

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('disputes', (t) => {
    t.string('nationality', 64);
    t.string('evidence', 255).notNullable().defaultTo('');
  });
  await knex.raw(
    'UPDATE disputes SET nationality = (SELECT o.nationality FROM orders o WHERE o.order_id = disputes.order_id) WHERE order_id IS NOT NULL',
  );
  const added = (await knex('dispute_evidence').distinct('item').pluck('item')) as string[];
  const append = knex.client.config.client === 'mysql2' ? "CONCAT(evidence, ',', ?)" : "evidence || ',' || ?";
  // Item by item in name order, so that each dispute's list comes out sorted.
  for (const item of [...new Set([...Object.keys(FROM_RECORDS), ...added])].sort()) {
    const given = 'EXISTS (SELECT 1 FROM dispute_evidence e WHERE e.dispute_id = disputes.id AND e.item = ?)';
    await knex.raw(
      `UPDATE disputes SET evidence = CASE WHEN evidence = '' THEN ? ELSE ${append} END
       WHERE ${FROM_RECORDS[item] ? `(${FROM_RECORDS[item]} OR ${given})` : given}`,
      [item, item, item],
    );
  }
  await knex.schema.alterTable('disputes', (t) => {
    t.dropIndex(OLD_COLUMNS, 'disputes_report');
  });
  await knex.schema.alterTable('disputes', (t) => {
    t.index(COLUMNS, 'disputes_report');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('disputes', (t) => {
    t.dropIndex(COLUMNS, 'disputes_report');
  });
  await knex.schema.alterTable('disputes', (t) => {
    t.index(OLD_COLUMNS, 'disputes_report');
    t.dropColumn('evidence');
    t.dropColumn('nationality');
  });
}
