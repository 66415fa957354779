import type { FastifyInstance } from 'fastify';
import { nowUtc } from '@app/domain';
import { outboxMessageKey } from '../mail/service.js';
import type { DeliveryEvent } from './events.js';
import {
  applyToMail,
  eventExists,
  findMailById,
  findMailByProviderId,
  insertMailEvent,
  listMailEvents,
} from './repo.js';

export { listMailEvents };
export type { MailEventRow } from './repo.js';

/** `<outbox-{id}-{created digits}@domain>`: the outbox's fixed Message-ID (see outboxMessageKey). */
const OUTBOX_MESSAGE_ID = /^<?(outbox-(\d{1,12})-\d{14})@[^>]*>?$/;

/** The mail an event is about: by our Message-ID, else by the provider's id of the mail. */
async function mailOf(app: FastifyInstance, event: DeliveryEvent) {
  const match = event.messageId ? OUTBOX_MESSAGE_ID.exec(event.messageId.trim()) : null;
  if (match) {
    const mail = await findMailById(app.db, Number(match[2]));
    // The creation time in the id must match too: ids alone are guessable and reused across databases.
    return mail && outboxMessageKey(mail) === match[1] ? mail : undefined;
  }
  return event.providerMessageId ? findMailByProviderId(app.db, event.provider, event.providerMessageId) : undefined;
}

const DUPLICATE_KEY = new Set(['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT']);

/** A mail about an order that bounced for the first time, once its event is committed. */
export interface MailBounce {
  mailId: number;
  orderId: number;
}

type BounceFollower = (bounces: MailBounce[]) => void;
/** Who follows bounces (automation's mail.bounced rules), by the database the app serves. */
const bounceFollowers = new WeakMap<object, BounceFollower[]>();

/** Calls `follower` after each batch of events that bounced mails of orders commits. */
export function followMailBounces(app: FastifyInstance, follower: BounceFollower) {
  const followers = bounceFollowers.get(app.db) ?? [];
  bounceFollowers.set(app.db, [...followers, follower]);
}

export interface RecordedEvents {
  recorded: number;
  duplicates: number;
  ignored: number;
}

/**
 * Stores each event once (its key is unique) and brings the mail's delivery times up to date in the
 * same transaction. Events about mails we do not know are acknowledged and dropped, so the provider
 * does not retry them forever.
 */
export async function recordDeliveryEvents(app: FastifyInstance, events: DeliveryEvent[]): Promise<RecordedEvents> {
  const result: RecordedEvents = { recorded: 0, duplicates: 0, ignored: 0 };
  const bounces: MailBounce[] = [];
  for (const event of events) {
    const mail = await mailOf(app, event);
    if (!mail || mail.provider !== event.provider) {
      result.ignored++;
      continue;
    }
    const stored = await app.db
      .transaction(async (trx) => {
        if (await eventExists(trx, event.key)) return 'duplicate';
        await insertMailEvent(trx, mail.id, event, nowUtc());
        return (await applyToMail(trx, mail, event)) ? 'bounced' : 'recorded';
      })
      // The same event arriving twice at once: the unique key lets one in.
      .catch((error: { code?: string }) => {
        if (DUPLICATE_KEY.has(error.code ?? '')) return 'duplicate' as const;
        throw error;
      });
    result[stored === 'duplicate' ? 'duplicates' : 'recorded']++;
    if (stored === 'bounced' && mail.order_id != null)
      bounces.push({ mailId: mail.id, orderId: Number(mail.order_id) });
  }
  if (bounces.length) for (const follow of bounceFollowers.get(app.db) ?? []) follow(bounces);
  return result;
}
