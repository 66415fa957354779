import type { Knex } from 'knex';

/**
 * Sign-in sessions (one per sign-in, named by its token), second factors with their recovery codes, and
 * the security policy an Admin sets (one row). Signing out ends a session, so revoked_tokens goes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('revoked_tokens');
  await knex.schema.createTable('sessions', (t) => {
    t.increments('id').primary();
    t.integer('member_id').unsigned().notNullable().references('id').inTable('team_members').onDelete('CASCADE');
    // The token's own id: the live streams opened with it end with the session.
    t.string('jti', 64).notNullable().unique();
    t.string('device', 60).notNullable();
    t.string('browser', 60).notNullable();
    t.string('address', 45).notNullable();
    t.string('location', 100).notNullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('last_seen_at').notNullable();
    // Last password or second-factor check (the sign-in itself, then each step-up).
    t.dateTime('verified_at').notNullable();
    // Signed in while the policy asked a factor the member did not have: only enrolment is open.
    t.boolean('enrolment_only').notNullable().defaultTo(false);
    t.dateTime('ended_at').nullable();
    t.string('end_reason', 20).nullable();
    t.index(['member_id', 'ended_at'], 'sessions_member_ended');
  });
  await knex.schema.createTable('mfa_factors', (t) => {
    t.increments('id').primary();
    t.integer('member_id').unsigned().notNullable().references('id').inTable('team_members').onDelete('CASCADE');
    t.string('kind', 20).notNullable();
    // AES-256-GCM, never sent back once enrolled.
    t.string('secret', 255).notNullable();
    // Null until the member proves the authenticator with a first code.
    t.dateTime('confirmed_at').nullable();
    // The last TOTP time step accepted: a code is never accepted twice.
    t.bigInteger('last_step').notNullable().defaultTo(0);
    t.dateTime('created_at').notNullable();
    t.unique(['member_id', 'kind'], { indexName: 'mfa_factors_member_kind' });
  });
  await knex.schema.createTable('mfa_recovery_codes', (t) => {
    t.increments('id').primary();
    t.integer('member_id').unsigned().notNullable().references('id').inTable('team_members').onDelete('CASCADE');
    t.string('code_hash', 64).notNullable();
    t.dateTime('used_at').nullable();
    t.unique(['member_id', 'code_hash'], { indexName: 'mfa_recovery_member_hash' });
  });
  await knex.schema.createTable('security_policy', (t) => {
    t.integer('id').primary();
    t.text('mfa_roles').notNullable();
    t.integer('idle_minutes').nullable();
    t.integer('absolute_hours').notNullable();
    t.text('allowed_ranges').notNullable();
    t.dateTime('updated_at').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['security_policy', 'mfa_recovery_codes', 'mfa_factors', 'sessions'])
    await knex.schema.dropTableIfExists(table);
  await knex.schema.createTable('revoked_tokens', (t) => {
    t.string('jti', 64).primary();
    t.datetime('expires_at').notNullable();
    t.index(['expires_at']);
  });
}
