import type { Knex } from 'knex';

/**
 * Attempts of one transaction before its conflict is answered (as 503, "busy"). Ten: three API
 * processes changing the same dozen orders through three Galera nodes at full rate lose 8-23 first
 * attempts in 100 changes (tests/galera), and the same change can lose several times in a row.
 */
export const TRANSACTION_ATTEMPTS = 10;

/**
 * Transactions of this process that lost a conflict and were run again, for /metrics. `conflicts`
 * counts every lost attempt, `retries` the attempts run again, `exhausted` the transactions that
 * lost every attempt, `failovers` the attempts run again because their database node went away.
 */
export const transactionRetryStats = { conflicts: 0, retries: 0, exhausted: 0, failovers: 0 };

type DbError = { code?: string; errno?: number; fatal?: boolean; message?: string };

/**
 * A transaction the database rolled back whole, so that running it again cannot apply it twice:
 * a deadlock, which is also how Galera answers a write set that lost certification to another
 * node's (ER_LOCK_DEADLOCK, 1213, at any statement or at COMMIT), and SQLite's busy database.
 * A lock wait timeout (1205) is not retried: it already waited innodb_lock_wait_timeout.
 */
const isConflict = (error: DbError) =>
  error.code === 'ER_LOCK_DEADLOCK' || error.errno === 1213 || error.code === 'SQLITE_BUSY';

/**
 * The connection died, or its node left the cluster (1047: WSREP not ready), before COMMIT was
 * sent: the transaction never reached the cluster, and can run on another node. The same failure
 * at COMMIT is not retried: whether the write set was replicated before the node died is unknown.
 */
const isLostNode = (error: DbError) =>
  error.fatal === true ||
  error.errno === 1047 ||
  ['ECONNRESET', 'EPIPE', 'PROTOCOL_CONNECTION_LOST', 'ER_UNKNOWN_COM_ERROR'].includes(error.code ?? '') ||
  /connection is in closed state|Connection lost/i.test(error.message ?? '');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` in a transaction, again (up to TRANSACTION_ATTEMPTS in all, after a short jittered
 * backoff) when the database rolled it back for a conflict or lost its node before the commit.
 * `work` must do everything the change needs inside the transaction (read, decide, write) so that a
 * new attempt decides again on the state that won; anything it does outside (announcing, mail) must
 * wait for the commit, as trx.executionPromise allows.
 */
export async function withTransactionRetry<T>(
  db: Knex,
  work: (trx: Knex.Transaction) => Promise<T>,
  attempts = TRANSACTION_ATTEMPTS,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let committing = false;
    try {
      return await db.transaction(async (trx) => {
        const result = await work(trx);
        committing = true;
        return result;
      });
    } catch (error) {
      const conflict = isConflict(error as DbError);
      const lostBeforeCommit = !committing && isLostNode(error as DbError);
      if (!conflict && !lostBeforeCommit) throw error;
      transactionRetryStats.conflicts += conflict ? 1 : 0;
      if (attempt >= attempts) {
        transactionRetryStats.exhausted++;
        throw error;
      }
      transactionRetryStats.retries++;
      transactionRetryStats.failovers += lostBeforeCommit ? 1 : 0;
      // 10, 20, 40 ... 320 ms, each between half and one and a half of that: the losers do not meet again.
      await sleep(Math.min(10 * 2 ** (attempt - 1), 320) * (0.5 + Math.random()));
    }
  }
}
