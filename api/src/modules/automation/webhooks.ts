import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { nowUtc } from '@app/domain';
import type { AppConfig } from '../../config.js';
import type { Clock } from '../../core/clock.js';
import { createOutboxWorker, type OutboxWorker, type WorkerLog } from '../../core/outboxWorker.js';

/**
 * Webhooks of rules and macros, sent through an outbox as mail is: queued in the transaction of the
 * change that causes them, posted by a worker with retries (doubling delays), each body signed with
 * HMAC-SHA256 so that the receiver can tell it came from here (`X-Signature-256: sha256=<hex>`).
 */

export const SIGNATURE_HEADER = 'x-signature-256';
/** Attempts before a webhook is marked failed; retries wait base, 2x base, 4x base... */
const MAX_ATTEMPTS = 8;
const SEND_TIMEOUT_MS = 10_000;

export const signatureOf = (secret: string, body: string) =>
  `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;

/** Queues a webhook about an order: its body names the rule or macro and the order as it now is. */
export async function queueWebhook(
  trx: Knex.Transaction,
  now: Date,
  hook: { url: string; ruleId: number | null; macroId: number | null; orderId: number },
) {
  const order = await trx('orders')
    .where({ order_id: hook.orderId })
    .first('order_id', 'process_status', 'processing_mode', 'assignee_id', 'assign_to', 'version');
  const body = JSON.stringify({
    rule: hook.ruleId,
    macro: hook.macroId,
    at: now.toISOString(),
    order: {
      id: Number(order.order_id),
      status: order.process_status,
      mode: order.processing_mode,
      assigneeId: order.assignee_id == null ? null : Number(order.assignee_id),
      assignTo: order.assign_to,
      // The version this change will have once committed.
      version: Number(order.version),
    },
  });
  await trx('webhook_outbox').insert({
    rule_id: hook.ruleId,
    order_id: hook.orderId,
    url: hook.url,
    body,
    state: 'queued',
    attempts: 0,
    next_attempt_at: nowUtc(now),
    created_at: nowUtc(now),
  });
}

interface WebhookRow {
  id: number;
  url: string;
  body: string;
  attempts: number;
}

/** Any number may run at once: a row is claimed by a conditional update, with a lease. */
export function createWebhookWorker({
  db,
  config,
  clock,
  log,
  batchSize = 20,
  pollMs = 2000,
  leaseMs = 60_000,
}: {
  db: Knex;
  config: Pick<AppConfig, 'webhookSigningSecret' | 'mailRetryBaseMs'>;
  clock: Clock;
  log: Pick<WorkerLog, 'warn' | 'error'>;
  batchSize?: number;
  pollMs?: number;
  leaseMs?: number;
}): OutboxWorker {
  async function claim(workerId: string, after: number): Promise<WebhookRow | undefined> {
    const now = nowUtc(clock.now());
    const free = (q: Knex.QueryBuilder) =>
      q
        .where('id', '>', after)
        .where('state', 'queued')
        .where('next_attempt_at', '<=', now)
        .where((w) => w.whereNull('claimed_by').orWhere('claimed_until', '<', now));
    const candidates: Array<{ id: number }> = await free(db('webhook_outbox').select('id')).orderBy('id').limit(8);
    for (const candidate of candidates) {
      const taken = await free(db('webhook_outbox').where({ id: candidate.id })).update({
        claimed_by: workerId,
        claimed_until: nowUtc(new Date(clock.now().getTime() + leaseMs)),
        attempts: db.raw('attempts + 1'),
      });
      if (taken === 1) return db('webhook_outbox').where({ id: candidate.id }).first('id', 'url', 'body', 'attempts');
    }
    return undefined;
  }

  async function deliver(workerId: string, row: WebhookRow) {
    try {
      const response = await fetch(row.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signatureOf(config.webhookSigningSecret, row.body),
          'x-webhook-id': String(row.id),
        },
        body: row.body,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        redirect: 'error',
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`The receiver answered ${response.status}.`);
      await db('webhook_outbox')
        .where({ id: row.id, claimed_by: workerId })
        .update({
          state: 'sent',
          sent_at: nowUtc(clock.now()),
          last_error: null,
          claimed_by: null,
          claimed_until: null,
        });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = row.attempts >= MAX_ATTEMPTS;
      const delay = config.mailRetryBaseMs * 2 ** Math.max(0, row.attempts - 1);
      await db('webhook_outbox')
        .where({ id: row.id, claimed_by: workerId })
        .update({
          state: final ? 'failed' : 'queued',
          last_error: message.slice(0, 2000),
          next_attempt_at: nowUtc(new Date(clock.now().getTime() + delay)),
          claimed_by: null,
          claimed_until: null,
        });
      (final ? log.error : log.warn).call(
        log,
        { webhookId: row.id, attempts: row.attempts, err: message },
        'webhook not sent',
      );
    }
  }

  return createOutboxWorker<WebhookRow>({
    name: 'webhook worker',
    log,
    batchSize,
    pollMs,
    round: (workerId) => ({
      claim: (after) => claim(workerId, after),
      deliver: (row) => deliver(workerId, row),
    }),
  });
}
