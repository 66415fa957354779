import type { Knex } from 'knex';

/**
 * Personal data retention and a tamper-evident audit trail.
 * - orders.anonymised_at: when retention (or an erase) removed the order's personal data; the index
 *   (anonymised_at, date_of_departure, order_id) makes the retention run read only orders still holding it
 *   whose departure is past, in departure order, never the anonymised ones again.
 * - audit_events.chain, chain_seq, prev_hash, hash: each event's chain, its place in it and the SHA-256 linking
 *   it to the one before (api/src/modules/audit/chain.ts). One chain per Galera node (the hot row shard, 0 on one
 *   database), as the counters are: one head row written by every change on every node would make most
 *   changes lose certification. audit_chain_head holds each chain's last link, locked by its writers so that
 *   two never fork it, and after which event id the chains start: events already written stay outside.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.datetime('anonymised_at');
    t.index(['anonymised_at', 'date_of_departure', 'order_id'], 'orders_retention_due');
  });
  await knex.schema.alterTable('audit_events', (t) => {
    t.smallint('chain').unsigned();
    t.bigInteger('chain_seq').unsigned();
    t.string('prev_hash', 64);
    t.string('hash', 64);
    t.unique(['chain', 'chain_seq'], { indexName: 'audit_events_chain_seq' });
  });
  await knex.schema.createTable('audit_chain_head', (t) => {
    t.smallint('chain').unsigned().primary();
    t.bigInteger('seq').unsigned().notNullable();
    t.string('hash', 64).notNullable();
    t.bigInteger('started_after_id').unsigned().notNullable();
    t.datetime('started_at').notNullable();
  });
  const last = await knex('audit_events').max({ id: 'id' }).first();
  await knex('audit_chain_head').insert({
    chain: 0,
    seq: 0,
    hash: '',
    started_after_id: Number(last?.id ?? 0),
    started_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('audit_chain_head');
  await knex.schema.alterTable('audit_events', (t) => {
    t.dropUnique(['chain', 'chain_seq'], 'audit_events_chain_seq');
    t.dropColumns('chain', 'chain_seq', 'prev_hash', 'hash');
  });
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['anonymised_at', 'date_of_departure', 'order_id'], 'orders_retention_due');
    t.dropColumn('anonymised_at');
  });
}
