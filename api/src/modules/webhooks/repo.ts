import type { Knex } from 'knex';
import type { DeliveryEvent, DeliveryEventType } from './events.js';

export interface EventMail {
  id: number;
  provider: string;
  created_at: string;
  provider_message_id: string | null;
  order_id: number | null;
}

const MAIL_COLUMNS = ['id', 'provider', 'created_at', 'provider_message_id', 'order_id'];

export const findMailById = (db: Knex | Knex.Transaction, id: number): Promise<EventMail | undefined> =>
  db('mail_outbox').where({ id }).first(MAIL_COLUMNS);

export const findMailByProviderId = (
  db: Knex | Knex.Transaction,
  provider: string,
  providerMessageId: string,
): Promise<EventMail | undefined> =>
  db('mail_outbox').where({ provider_message_id: providerMessageId, provider }).first(MAIL_COLUMNS);

export const eventExists = async (trx: Knex.Transaction, key: string) =>
  !!(await trx('mail_events').where({ event_key: key }).first('id'));

export const insertMailEvent = (trx: Knex.Transaction, mailId: number, event: DeliveryEvent, now: string) =>
  trx('mail_events').insert({
    mail_id: mailId,
    provider: event.provider,
    event_key: event.key.slice(0, 191),
    event: event.type,
    occurred_at: event.occurredAt,
    detail: event.detail?.slice(0, 1000) ?? null,
    created_at: now,
  });

/** The mail column holding the first time of each kind of event that Email History shows. */
const FIRST_TIME_COLUMN: Partial<Record<DeliveryEventType, string>> = {
  delivered: 'delivered_at',
  bounced: 'bounced_at',
  dropped: 'bounced_at',
  complained: 'complained_at',
  opened: 'opened_at',
  clicked: 'clicked_at',
};

/**
 * Keeps the earliest time of each kind on the mail (events may arrive out of order), the bounce
 * reason of that earliest bounce, and the provider's id of the mail once known. Answers whether the
 * event is the mail's first bounce (a later one, or one arriving at the same time, is not).
 */
export async function applyToMail(trx: Knex.Transaction, mail: EventMail, event: DeliveryEvent): Promise<boolean> {
  if (!mail.provider_message_id && event.providerMessageId) {
    await trx('mail_outbox')
      .where({ id: mail.id })
      .whereNull('provider_message_id')
      .update({ provider_message_id: event.providerMessageId.slice(0, 191) });
  }
  const column = FIRST_TIME_COLUMN[event.type];
  if (!column) return false;
  const isBounce = column === 'bounced_at';
  const patch = {
    [column]: event.occurredAt,
    ...(isBounce ? { bounce_reason: event.detail?.slice(0, 1000) ?? event.type } : {}),
  };
  // The row's lock makes one of two events at once the first.
  const first = await trx('mail_outbox').where({ id: mail.id }).whereNull(column).update(patch);
  if (!first) await trx('mail_outbox').where({ id: mail.id }).where(column, '>', event.occurredAt).update(patch);
  return isBounce && first === 1;
}

export interface MailEventRow {
  mail_id: number;
  provider: string;
  event: string;
  occurred_at: string;
  detail: string | null;
}

/** Delivery events of these mails, oldest first. */
export const listMailEvents = (db: Knex, mailIds: number[], limit: number): Promise<MailEventRow[]> =>
  mailIds.length
    ? db('mail_events')
        .whereIn('mail_id', mailIds)
        .orderBy([{ column: 'occurred_at' }, { column: 'id' }])
        .limit(limit)
        .select('mail_id', 'provider', 'event', 'occurred_at', 'detail')
    : Promise.resolve([]);
