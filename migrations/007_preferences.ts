import type { Knex } from 'knex';

/**
 * Screen layouts kept on the server (domain/preferences.ts): a member's own values, and the defaults an
 * Admin publishes for a role. A value is JSON of at most 64 KB, so MySQL needs MEDIUMTEXT (TEXT is 64 KB
 * of bytes, and the limit counts the JSON's UTF-8 bytes).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('member_preferences', (t) => {
    t.integer('member_id').unsigned().notNullable();
    t.string('pref_key', 100).notNullable();
    t.text('value', 'mediumtext').notNullable();
    t.datetime('updated_at').notNullable();
    t.primary(['member_id', 'pref_key']);
  });
  await knex.schema.createTable('role_preferences', (t) => {
    t.string('role', 20).notNullable();
    t.string('pref_key', 100).notNullable();
    t.text('value', 'mediumtext').notNullable();
    t.datetime('updated_at').notNullable();
    t.integer('updated_by').unsigned();
    t.primary(['role', 'pref_key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('role_preferences');
  await knex.schema.dropTableIfExists('member_preferences');
}
