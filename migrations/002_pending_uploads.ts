import type { Knex } from 'knex';

/**
 * Uploads in flight: a row is written before a document's bytes are stored and deleted in the
 * transaction that records the document, so a crash in between leaves a row that tells which file
 * nothing points to (swept by sweepUnfinishedUploads), without listing the documents folder.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pending_uploads', (t) => {
    t.increments('id');
    t.string('storage_key', 255).notNullable().unique();
    t.datetime('created_at').notNullable();
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('pending_uploads');
}
