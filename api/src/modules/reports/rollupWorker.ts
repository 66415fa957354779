import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { dialectOf } from '../../db/knex.js';
import { withTransactionRetry } from '../../db/retry.js';
import { applyReportRollupChanges, rollupWorkers, type ReportFacts } from './rollups.js';

/** Queued changes applied per transaction; a full batch goes on at once. */
const ROLLUP_BATCH = 500;
/** How often a worker looks for changes queued by other processes (its own wake it at their commit). */
const ROLLUP_POLL_MS = 1_000;

const factsOf = (json: string | null): ReportFacts | null => (json === null ? null : (JSON.parse(json) as ReportFacts));

/**
 * Applies up to `limit` queued report changes (report_rollup_changes) to the report totals and deletes
 * them, in one transaction: each is applied exactly once, or stays queued when the transaction fails. On
 * MySQL the rows are taken FOR UPDATE SKIP LOCKED, so the workers of every process share the queue; SQLite
 * has one process and one writer. Answers how many were applied.
 */
export function applyQueuedRollupChanges(db: Knex, limit = ROLLUP_BATCH): Promise<number> {
  return withTransactionRetry(db, async (trx) => {
    const taken = trx('report_rollup_changes').select('id', 'before_facts', 'after_facts').orderBy('id').limit(limit);
    if (dialectOf(db) === 'mysql') taken.forUpdate().skipLocked();
    const rows: Array<{ id: number | string; before_facts: string | null; after_facts: string | null }> = await taken;
    if (!rows.length) return 0;
    await applyReportRollupChanges(
      trx,
      rows.map((row) => ({ before: factsOf(row.before_facts), after: factsOf(row.after_facts) })),
    );
    await trx('report_rollup_changes')
      .whereIn(
        'id',
        rows.map((row) => row.id),
      )
      .del();
    return rows.length;
  });
}

/** Whether every committed change is in the report totals (nothing queued): tests wait on it. */
export const rollupsApplied = async (db: Knex): Promise<boolean> => !(await db('report_rollup_changes').first('id'));

/** Changes waiting for the worker (/metrics). */
export async function queuedRollupChanges(db: Knex): Promise<number> {
  const row = await db('report_rollup_changes').count({ n: '*' }).first();
  return Number((row as { n?: number | string } | undefined)?.n ?? 0);
}

/**
 * The rollup worker of every API process: woken when a change of this process commits, and once a
 * second for those of others (or left by a process that stopped); rounds never overlap. A failed round is
 * logged and its changes stay queued for the next. Stopped, finishing its round, when the app closes.
 */
export function startRollupWorker(app: FastifyInstance) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const schedule = (delay: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(wake, delay);
  };

  async function round() {
    let full = false;
    try {
      full = (await applyQueuedRollupChanges(app.db)) >= ROLLUP_BATCH;
    } catch (error) {
      app.log.error({ err: error instanceof Error ? error.message : error }, 'report rollup round failed');
    }
    running = null;
    if (again || full) {
      again = false;
      schedule(0);
    } else schedule(ROLLUP_POLL_MS);
  }

  function wake() {
    if (stopped) return;
    // A change committed during a round may not have been visible to it: one more round follows.
    if (running) again = true;
    else running = round();
  }

  rollupWorkers.set(app.db.client.config as object, { wake });
  // preClose: before the pool closes (server.ts closes it in an onClose hook).
  app.addHook('preClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    rollupWorkers.delete(app.db.client.config as object);
    await running;
  });
  app.addHook('onReady', async () => schedule(0));
}
