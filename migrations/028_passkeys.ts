import type { Knex } from 'knex';

/**
 * Passkeys (WebAuthn credentials), several per member beside their TOTP, and the challenges a ceremony
 * answers: kept here (not in one process's memory) so any process may verify, each taken once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mfa_passkeys', (t) => {
    t.increments('id').primary();
    t.integer('member_id').unsigned().notNullable().references('id').inTable('team_members').onDelete('CASCADE');
    // The authenticator's credential id, base64url.
    t.string('credential_id', 512).notNullable();
    // COSE public key, base64url: public, but useless to anyone else.
    t.text('public_key').notNullable();
    // The authenticator's signature counter: a cloned key shows as one going backwards.
    t.bigInteger('counter').notNullable().defaultTo(0);
    t.string('transports', 200).notNullable();
    t.string('name', 100).notNullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('last_used_at').nullable();
    t.index(['member_id'], 'mfa_passkeys_member');
    t.unique(['credential_id'], { indexName: 'mfa_passkeys_credential' });
  });
  await knex.schema.createTable('webauthn_challenges', (t) => {
    t.string('challenge', 100).primary();
    t.integer('member_id').unsigned().notNullable().references('id').inTable('team_members').onDelete('CASCADE');
    // 'register' or 'authenticate': a challenge answers only the ceremony it was made for.
    t.string('purpose', 20).notNullable();
    t.dateTime('expires_at').notNullable();
    t.index(['expires_at'], 'webauthn_challenges_expires');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('webauthn_challenges');
  await knex.schema.dropTableIfExists('mfa_passkeys');
}
