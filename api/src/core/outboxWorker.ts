import crypto from 'node:crypto';
import os from 'node:os';

/** The part of a logger a worker uses (Fastify's logger fits, and so does a console wrapper). */
export interface WorkerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface OutboxWorker {
  /** Names the claims of this worker (claimed_by). */
  readonly id: string;
  /** One round: claims due rows one by one and delivers them; answers how many were claimed. */
  runOnce(now?: Date): Promise<number>;
  start(): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
}

/** How one round claims and delivers, made at its start (`now`: when the caller says it runs). */
export interface OutboxRound<Row extends { id: number }> {
  /** The next due row after id `after`, claimed for this worker; none: the round ends. */
  claim(after: number): Promise<Row | undefined>;
  deliver(row: Row): Promise<void>;
}

/**
 * A worker that drains an outbox table (mail, webhooks) in rounds, any number of them at once: rows are
 * claimed one by one right before delivery, never a batch ahead, so that a worker killed mid-round holds
 * only the row on the wire. A full round goes on at once; otherwise the next waits `pollMs`.
 */
export function createOutboxWorker<Row extends { id: number }>({
  name,
  log,
  batchSize,
  pollMs,
  round,
}: {
  /** Named in the log when a round fails. */
  name: string;
  log: Pick<WorkerLog, 'error'>;
  batchSize: number;
  pollMs: number;
  round: (workerId: string, now?: Date) => OutboxRound<Row>;
}): OutboxWorker {
  const id = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`.slice(0, 64);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function drain(now?: Date) {
    const { claim, deliver } = round(id, now);
    let claimed = 0;
    for (let after = 0; claimed < batchSize; claimed++) {
      const row = await claim(after);
      if (!row) break;
      after = Number(row.id);
      await deliver(row);
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
        log.error({ err: error instanceof Error ? error.message : error }, `${name} round failed`);
      }
      // A full batch means more may be due: go on at once.
      schedule(claimed >= batchSize ? 0 : pollMs);
    }, delay);
  }

  const worker: OutboxWorker = {
    id,
    runOnce(now) {
      // Rounds of one worker never overlap; a caller arriving mid-round waits for it and runs its own.
      const next = (running ?? Promise.resolve(0)).catch(() => 0).then(() => drain(now));
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
    },
  };
  return worker;
}
