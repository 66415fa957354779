import type { Knex } from 'knex';

/**
 * Evidence that wins disputes: delivery events from the mail providers, the payment
 * credential of each order, and the location and device of purchases and downloads.
 */
export async function up(knex: Knex): Promise<void> {
  // One row per provider event; event_key (the provider's own event id, else a hash of the event)
  // is unique, so a replayed webhook changes nothing.
  await knex.schema.createTable('mail_events', (t) => {
    t.bigIncrements('id');
    t.integer('mail_id').unsigned().notNullable().references('id').inTable('mail_outbox');
    t.string('provider', 16).notNullable();
    t.string('event_key', 191).notNullable().unique();
    // delivered, bounced, complained, opened, clicked, deferred, dropped, processed
    t.string('event', 20).notNullable();
    t.datetime('occurred_at').notNullable();
    t.string('detail', 1000);
    t.datetime('created_at').notNullable();
    t.index(['mail_id', 'occurred_at']);
  });

  await knex.schema.alterTable('mail_outbox', (t) => {
    // The provider's own id of the mail (SendGrid's sg_message_id prefix, SES's messageId): opens
    // and clicks are reported by it alone.
    t.string('provider_message_id', 191);
    t.datetime('delivered_at');
    t.datetime('bounced_at');
    t.string('bounce_reason', 1000);
    t.datetime('complained_at');
    t.datetime('opened_at');
    t.datetime('clicked_at');
    t.index(['provider_message_id']);
  });

  await knex.schema.alterTable('orders', (t) => {
    // The payment credential as the gateway reports it, never the full number.
    t.string('card_brand', 20);
    t.string('card_bin', 8);
    t.string('card_last4', 4);
    t.string('card_fingerprint', 64);
    // Which earlier orders share the credential: the fingerprint when the gateway gives one, else brand|bin|last4.
    t.string('payment_credential', 100);
    t.string('purchase_location', 100);
    t.string('purchase_city', 100);
    t.string('purchase_device', 100);
    t.string('purchase_device_type', 40);
    t.string('purchase_browser', 100);
    t.string('purchase_os', 100);
    t.string('purchase_device_id', 64);
    t.index(['payment_credential', 'order_id'], 'orders_payment_credential');
  });

  await knex.schema.alterTable('download_history', (t) => {
    // A hash of the user agent and Accept-Language (see api/src/geo/device.ts), and the IP's city.
    t.string('device_id', 64);
    t.string('city', 100);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('download_history', (t) => {
    t.dropColumns('device_id', 'city');
  });
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['payment_credential', 'order_id'], 'orders_payment_credential');
    t.dropColumns(
      'card_brand',
      'card_bin',
      'card_last4',
      'card_fingerprint',
      'payment_credential',
      'purchase_location',
      'purchase_city',
      'purchase_device',
      'purchase_device_type',
      'purchase_browser',
      'purchase_os',
      'purchase_device_id',
    );
  });
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.dropIndex(['provider_message_id']);
    t.dropColumns(
      'provider_message_id',
      'delivered_at',
      'bounced_at',
      'bounce_reason',
      'complained_at',
      'opened_at',
      'clicked_at',
    );
  });
  await knex.schema.dropTableIfExists('mail_events');
}
