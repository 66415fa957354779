import type { Knex } from 'knex';

/**
 * Staff emails are stored lower-cased and compared byte for byte: MariaDB's accent-insensitive
 * collation let `ádmin@…` find `admin@…`, so the column gets a binary collation there (SQLite already
 * compares bytes). Signed-out tokens are remembered by id until they would have expired anyway.
 */
export async function up(knex: Knex): Promise<void> {
  const members: { id: number; email: string }[] = await knex('team_members').select('id', 'email');
  for (const { id, email } of members) {
    const normalised = email.trim().toLowerCase();
    if (normalised !== email) await knex('team_members').where({ id }).update({ email: normalised });
  }
  if (knex.client.config.client === 'mysql2') {
    await knex.raw(
      'ALTER TABLE team_members MODIFY email VARCHAR(191) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL',
    );
  }
  await knex.schema.createTable('revoked_tokens', (t) => {
    t.string('jti', 64).primary();
    t.datetime('expires_at').notNullable();
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('revoked_tokens');
  if (knex.client.config.client === 'mysql2') {
    await knex.raw(
      'ALTER TABLE team_members MODIFY email VARCHAR(191) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL',
    );
  }
}
