import crypto from 'node:crypto';
import { dayjs, DB_DATETIME } from '@app/domain';

/** What a mail went through after the provider accepted it, in the words Email History uses. */
export type DeliveryEventType =
  'processed' | 'deferred' | 'delivered' | 'bounced' | 'dropped' | 'complained' | 'opened' | 'clicked';

/** One provider event, reduced to what is kept. */
export interface DeliveryEvent {
  provider: 'Sendgrid' | 'AWS';
  /** Unique per event at the provider: the same event delivered twice has the same key. */
  key: string;
  type: DeliveryEventType;
  /** Our Message-ID (`<outbox-...>`), when the event carries it. */
  messageId: string | null;
  /** The provider's own id of the mail. */
  providerMessageId: string | null;
  occurredAt: string;
  detail: string | null;
}

const utc = (value: dayjs.ConfigType) => {
  const time = dayjs.utc(value);
  return (time.isValid() ? time : dayjs.utc()).format(DB_DATETIME);
};
const hash = (value: unknown) => crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 40);
const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
const joinDetail = (...parts: unknown[]) => parts.filter((p) => typeof p === 'string' && p).join(': ') || null;

const SENDGRID_TYPES: Record<string, DeliveryEventType> = {
  processed: 'processed',
  deferred: 'deferred',
  delivered: 'delivered',
  bounce: 'bounced',
  dropped: 'dropped',
  spamreport: 'complained',
  open: 'opened',
  click: 'clicked',
};

export type SendgridEvent = Record<string, unknown> & { event: string; timestamp: number };

/**
 * SendGrid events of the kinds kept; others (unsubscribe, group events) are ignored. smtp-id is the
 * mail's Message-ID; sg_message_id starts with SendGrid's id of the mail, followed by a filter suffix.
 */
export function fromSendgrid(events: SendgridEvent[]): DeliveryEvent[] {
  return events.flatMap((e) => {
    const type = SENDGRID_TYPES[e.event];
    if (!type) return [];
    return [
      {
        provider: 'Sendgrid' as const,
        key: `sendgrid:${text(e.sg_event_id) ?? hash(e)}`,
        type,
        messageId: text(e['smtp-id']),
        providerMessageId: text(e.sg_message_id)?.split('.')[0] ?? null,
        occurredAt: utc(e.timestamp * 1000),
        detail:
          type === 'bounced' || type === 'dropped' || type === 'deferred'
            ? joinDetail(e.type ?? e.status, e.reason ?? e.response)
            : type === 'clicked'
              ? text(e.url)
              : null,
      },
    ];
  });
}

/** The SES event inside an SNS notification (SES notifications or an event-publishing configuration set). */
export interface SesEvent {
  notificationType?: string;
  eventType?: string;
  mail?: { messageId?: string; timestamp?: string; commonHeaders?: { messageId?: string } };
  bounce?: {
    bounceType?: string;
    bounceSubType?: string;
    timestamp?: string;
    bouncedRecipients?: Array<{ emailAddress?: string; diagnosticCode?: string; status?: string }>;
  };
  complaint?: { timestamp?: string; complaintFeedbackType?: string };
  delivery?: { timestamp?: string; smtpResponse?: string };
  open?: { timestamp?: string; ipAddress?: string; userAgent?: string };
  click?: { timestamp?: string; link?: string; ipAddress?: string };
}

const SES_TYPES: Record<string, DeliveryEventType> = {
  Delivery: 'delivered',
  Bounce: 'bounced',
  Complaint: 'complained',
  Open: 'opened',
  Click: 'clicked',
};

/** The SES event of one SNS notification, or null for kinds not kept (Send, Reject, ...). */
export function fromSes(snsMessageId: string, snsTimestamp: string, event: SesEvent): DeliveryEvent | null {
  const type = SES_TYPES[event.eventType ?? event.notificationType ?? ''];
  if (!type) return null;
  const recipient = event.bounce?.bouncedRecipients?.[0];
  const detail =
    type === 'bounced'
      ? joinDetail(
          [event.bounce?.bounceType, event.bounce?.bounceSubType].filter(Boolean).join('/'),
          recipient?.diagnosticCode ?? recipient?.status,
        )
      : type === 'complained'
        ? text(event.complaint?.complaintFeedbackType)
        : type === 'delivered'
          ? text(event.delivery?.smtpResponse)
          : type === 'clicked'
            ? text(event.click?.link)
            : null;
  const sections: Partial<Record<DeliveryEventType, { timestamp?: string }>> = {
    delivered: event.delivery,
    bounced: event.bounce,
    complained: event.complaint,
    opened: event.open,
    clicked: event.click,
  };
  const occurred = sections[type]?.timestamp;
  return {
    provider: 'AWS',
    key: `ses:${snsMessageId}`,
    type,
    messageId: text(event.mail?.commonHeaders?.messageId),
    providerMessageId: text(event.mail?.messageId),
    occurredAt: utc(occurred ?? snsTimestamp),
    detail,
  };
}
