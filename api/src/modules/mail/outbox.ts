import type { Knex } from 'knex';
import { nowUtc, type MailProvider } from '@app/domain';
import { recipientProblem } from './recipients.js';

export interface QueuedMail {
  orderId: number | null;
  /** The key of the mail's template (approval, invoice, refund, chase, or one an Admin added). */
  kind: string;
  provider: MailProvider;
  to: string;
  subject: string;
  /** What the template needs to render the mail again on any retry. */
  payload: Record<string, unknown>;
  documentId?: number | null;
  createdById?: number | null;
}

/**
 * Queues a mail in the outbox (docs/product.md#documents-mail-and-evidence). Call it inside the transaction of the change that
 * causes the mail, so that a mail is queued exactly when the change lands; the worker sends it.
 */
export async function enqueueMail(trx: Knex | Knex.Transaction, mail: QueuedMail): Promise<void> {
  const now = nowUtc();
  // A recipient that is not exactly one address is never sent: the mail is kept as failed, with the reason.
  const problem = recipientProblem(mail.to);
  await trx('mail_outbox').insert({
    order_id: mail.orderId,
    kind: mail.kind,
    provider: mail.provider,
    to_email: mail.to,
    subject: mail.subject,
    payload: JSON.stringify(mail.payload),
    document_id: mail.documentId ?? null,
    state: problem ? 'failed' : 'queued',
    last_error: problem,
    attempts: 0,
    next_attempt_at: now,
    created_by_id: mail.createdById ?? null,
    created_at: now,
  });
}
