import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { nowUtc } from '@app/domain';
import { openLiveStreams } from '../events/service.js';
import { queuedRollupChanges } from '../reports/service.js';

const secondsBetween = (earlier: string, later: string) =>
  Math.max(0, (Date.parse(`${later.replace(' ', 'T')}Z`) - Date.parse(`${earlier.replace(' ', 'T')}Z`)) / 1000);

/**
 * The modules' figures on the app's metrics registry (plugins/metrics.ts), each read when scraped:
 * the mail outbox's depth and the age of its oldest waiting mail (one indexed count and one row by
 * key), open live streams, and the report changes waiting for the rollup worker.
 */
export function registerModuleMetrics(app: FastifyInstance) {
  const registers = [app.metrics];
  // One read feeds both outbox gauges, which a scrape collects at once.
  let outboxRead: Promise<{ depth: number; oldestAge: number }> | null = null;
  const readOutbox = () =>
    (outboxRead ??= (async () => {
      try {
        const row = await app
          .db('mail_outbox')
          .where({ state: 'queued' })
          .first(app.db.raw('count(*) as depth'), app.db.raw('min(id) as oldest'));
        const oldest = row?.oldest ? await app.db('mail_outbox').where({ id: row.oldest }).first('created_at') : null;
        return { depth: Number(row?.depth ?? 0), oldestAge: oldest ? secondsBetween(oldest.created_at, nowUtc()) : 0 };
      } finally {
        outboxRead = null;
      }
    })());
  new Gauge({
    name: 'mail_outbox_depth',
    help: 'Mails waiting in the outbox (queued, including those waiting to be retried).',
    registers,
    async collect() {
      this.set((await readOutbox()).depth);
    },
  });
  new Gauge({
    name: 'mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest mail waiting in the outbox (0 when none waits).',
    registers,
    async collect() {
      this.set((await readOutbox()).oldestAge);
    },
  });
  new Gauge({
    name: 'live_streams_open',
    help: 'Live event streams open in this process.',
    registers,
    collect() {
      this.set(openLiveStreams(app.db));
    },
  });
  new Gauge({
    name: 'report_rollup_changes_queued',
    help: 'Order changes waiting to be applied to the report totals (reports/rollupWorker.ts).',
    registers,
    async collect() {
      this.set(await queuedRollupChanges(app.db));
    },
  });
}
