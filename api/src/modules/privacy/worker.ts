import type { FastifyInstance } from 'fastify';
import { runRetention } from './service.js';

/** How often the retention worker runs: orders become due by the day, so hourly is prompt enough. */
export const RETENTION_INTERVAL_MS = 60 * 60_000;

export interface RetentionWorker {
  start(): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs retention (service.ts runRetention) at start and every interval, one run at a time. One process
 * runs it (the first under cluster.ts); a second running at once would only find fewer orders due.
 */
export function createRetentionWorker(app: FastifyInstance, intervalMs = RETENTION_INTERVAL_MS): RetentionWorker {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    running = runRetention(app)
      .then((run) => {
        if (run.orders || run.held) app.log.info({ retention: run }, 'retention run');
      })
      .catch((error: Error) => app.log.error({ err: error }, 'retention run failed'))
      .finally(() => {
        running = null;
      });
  };
  return {
    start() {
      tick();
      timer = setInterval(() => {
        if (!running) tick();
      }, intervalMs).unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
