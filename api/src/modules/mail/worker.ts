import { dayjs, DB_DATETIME, MAIL_PROVIDERS, type MailProvider } from '@app/domain';
import { createOutboxWorker, type OutboxWorker, type WorkerLog } from '../../core/outboxWorker.js';
import { recipientProblem } from './recipients.js';
import { createMailSenders } from './providers.js';
import { claimDueMails, markMailAttemptFailed, markMailSent, type OutboxRow } from './repo.js';
import { renderMail, type MailContext } from './templates.js';

export interface MailWorkerOptions extends MailContext {
  log: WorkerLog;
  /** Rows sent per round at most (claimed one by one). */
  batchSize?: number;
  /** Pause between rounds when the outbox had nothing due. */
  pollMs?: number;
  /** How long a claim lasts; longer than any send can take (SMTP timeouts are at most 60 s). */
  leaseMs?: number;
}

/** The mail outbox's worker; stopped, it also closes the transports. */
export type MailWorker = OutboxWorker;

const isMailProvider = (value: string): value is MailProvider => (MAIL_PROVIDERS as readonly string[]).includes(value);

const MAX_BACKOFF_MS = 60 * 60_000;

/** Delay before the next try after `attempts` failed ones: base, 2x base, 4x base, ... capped at an hour. */
export const retryDelayMs = (baseMs: number, attempts: number) =>
  Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempts - 1));

/** The outbox worker: sends queued mail with retries; any number may run at once. */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, config, log, batchSize = 20, pollMs = 2000, leaseMs = 5 * 60_000 } = options;
  const senders = createMailSenders(config);

  async function deliver(workerId: string, row: OutboxRow, now: Date) {
    // Checked again at send time: a row queued before the check, or changed since, fails at once.
    const badRecipient = recipientProblem(row.to_email);
    try {
      if (badRecipient) throw new Error(badRecipient);
      if (!isMailProvider(row.provider)) throw new Error(`Unknown mail provider "${row.provider}"`);
      const message = await renderMail(options, row);
      const { messageId } = await senders[row.provider].send(message, `outbox-${row.id}`);
      await markMailSent(db, row.id, workerId, messageId, dayjs.utc().format(DB_DATETIME));
      log.info({ mailId: row.id, orderId: row.order_id, kind: row.kind, provider: row.provider }, 'mail sent');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = badRecipient !== null || row.attempts >= config.mailMaxAttempts;
      const nextAttemptAt = dayjs
        .utc(now)
        .add(retryDelayMs(config.mailRetryBaseMs, row.attempts), 'millisecond')
        .format(DB_DATETIME);
      await markMailAttemptFailed(db, row.id, workerId, { error: message, final, nextAttemptAt });
      const fields = { mailId: row.id, attempts: row.attempts, err: message };
      if (final) log.error(fields, 'mail failed for good');
      else log.warn(fields, 'mail not sent, will retry');
    }
  }

  /**
   * Only the row on the wire can reach the server twice, when its worker is killed mid-send (at least
   * once, same Message-ID).
   */
  const outbox = createOutboxWorker<OutboxRow>({
    name: 'mail worker',
    log,
    batchSize,
    pollMs,
    round(workerId, now = new Date()) {
      const started = Date.now();
      return {
        async claim(after) {
          // The lease runs from the claim, however long the earlier sends of the round took.
          const at = dayjs.utc(now).add(Date.now() - started, 'millisecond');
          const [row] = await claimDueMails(db, {
            workerId,
            now: dayjs.utc(now).format(DB_DATETIME),
            leaseUntil: at.add(leaseMs, 'millisecond').format(DB_DATETIME),
            limit: 1,
            after,
          });
          return row;
        },
        deliver: (row) => deliver(workerId, row, now),
      };
    },
  });
  return {
    ...outbox,
    async stop() {
      await outbox.stop();
      for (const sender of Object.values(senders)) sender.close();
    },
  };
}
