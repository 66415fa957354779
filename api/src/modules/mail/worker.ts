import crypto from 'node:crypto';
import os from 'node:os';
import { dayjs, DB_DATETIME, MAIL_PROVIDERS, type MailProvider } from '@app/domain';
import { recipientProblem } from './recipients.js';
import { createMailSenders } from './providers.js';
import { claimDueMails, markMailAttemptFailed, markMailSent, type OutboxRow } from './repo.js';
import { renderMail, type MailContext } from './templates.js';

/** The part of a logger the worker uses (Fastify's logger fits, and so does a console wrapper). */
export interface WorkerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface MailWorkerOptions extends MailContext {
  log: WorkerLog;
  /** Rows sent per round at most (claimed one by one). */
  batchSize?: number;
  /** Pause between rounds when the outbox had nothing due. */
  pollMs?: number;
  /** How long a claim lasts; longer than any send can take (SMTP timeouts are at most 60 s). */
  leaseMs?: number;
}

export interface MailWorker {
  readonly id: string;
  /** One round: claims the due rows and sends them; answers how many were claimed. */
  runOnce(now?: Date): Promise<number>;
  start(): void;
  /** Stops polling, waits for the round in progress, and closes the transports. */
  stop(): Promise<void>;
}

const isMailProvider = (value: string): value is MailProvider => (MAIL_PROVIDERS as readonly string[]).includes(value);

const MAX_BACKOFF_MS = 60 * 60_000;

/** Delay before the next try after `attempts` failed ones: base, 2x base, 4x base, ... capped at an hour. */
export const retryDelayMs = (baseMs: number, attempts: number) =>
  Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempts - 1));

/** The outbox worker: sends queued mail with retries; any number may run at once. */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, config, log, batchSize = 20, pollMs = 2000, leaseMs = 5 * 60_000 } = options;
  const id = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`.slice(0, 64);
  const senders = createMailSenders(config);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function deliver(row: OutboxRow, now: Date) {
    // Checked again at send time: a row queued before the check, or changed since, fails at once.
    const badRecipient = recipientProblem(row.to_email);
    try {
      if (badRecipient) throw new Error(badRecipient);
      if (!isMailProvider(row.provider)) throw new Error(`Unknown mail provider "${row.provider}"`);
      const message = await renderMail(options, row);
      const { messageId } = await senders[row.provider].send(message, `outbox-${row.id}`);
      await markMailSent(db, row.id, id, messageId, dayjs.utc().format(DB_DATETIME));
      log.info({ mailId: row.id, orderId: row.order_id, kind: row.kind, provider: row.provider }, 'mail sent');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = badRecipient !== null || row.attempts >= config.mailMaxAttempts;
      const nextAttemptAt = dayjs
        .utc(now)
        .add(retryDelayMs(config.mailRetryBaseMs, row.attempts), 'millisecond')
        .format(DB_DATETIME);
      await markMailAttemptFailed(db, row.id, id, { error: message, final, nextAttemptAt });
      const fields = { mailId: row.id, attempts: row.attempts, err: message };
      if (final) log.error(fields, 'mail failed for good');
      else log.warn(fields, 'mail not sent, will retry');
    }
  }

  /**
   * Claims one row right before sending it, never a batch ahead: a worker killed mid-batch holds only
   * the row on the wire, so the rest go out at once from the next worker instead of waiting out a
   * lease, and only that one row can reach the server twice (at least once, same Message-ID).
   */
  async function round(now: Date): Promise<number> {
    const started = Date.now();
    let claimed = 0;
    let after = 0;
    for (; claimed < batchSize; claimed++) {
      // The lease runs from the claim, however long the earlier sends of the round took.
      const at = dayjs.utc(now).add(Date.now() - started, 'millisecond');
      const [row] = await claimDueMails(db, {
        workerId: id,
        now: dayjs.utc(now).format(DB_DATETIME),
        leaseUntil: at.add(leaseMs, 'millisecond').format(DB_DATETIME),
        limit: 1,
        after,
      });
      if (!row) break;
      after = row.id;
      await deliver(row, now);
    }
    return claimed;
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(async () => {
      let claimed = 0;
      try {
        claimed = await worker.runOnce();
      } catch (error) {
        log.error({ err: error instanceof Error ? error.message : error }, 'mail worker round failed');
      }
      // A full batch means more may be due: go on at once.
      schedule(claimed >= batchSize ? 0 : pollMs);
    }, delay);
  }

  const worker: MailWorker = {
    id,
    runOnce(now = new Date()) {
      // Rounds of one worker never overlap; a caller arriving mid-round waits for it and runs its own.
      const previous = running ?? Promise.resolve(0);
      const next = previous.catch(() => 0).then(() => round(now));
      running = next;
      return next.finally(() => {
        if (running === next) running = null;
      });
    },
    start() {
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => 0);
      for (const sender of Object.values(senders)) sender.close();
    },
  };
  return worker;
}
