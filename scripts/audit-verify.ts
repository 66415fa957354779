/**
 * npm run audit:verify: walks the audit chain of the configured database (DATA_DIR's SQLite file or
 * DATABASE_URL) and says whether every link holds, or names the first that does not. Exit code 0: the
 * chain holds; 1: it is broken.
 */
import { loadConfig } from '../api/src/config.js';
import { createDb } from '../api/src/db/knex.js';
import { verifyChain } from '../api/src/modules/audit/service.js';

const db = createDb(loadConfig());
try {
  const report = await verifyChain(db);
  const scope =
    `events after id ${report.startedAfterId} in ${report.chains} chain(s), one per database node ` +
    `(chained since ${report.startedAt} UTC; earlier events are not chained)`;
  if (report.broken) {
    const { chain, seq, eventId, reason } = report.broken;
    console.log(
      `Audit chain BROKEN at link ${seq} of chain ${chain}${eventId === null ? '' : ` (audit event id ${eventId})`}: ` +
        `${reason}. ${report.checked} links before it hold; ${scope}.`,
    );
    process.exitCode = 1;
  } else {
    console.log(`Audit chain holds: ${report.checked} links checked, ${scope}.`);
  }
} finally {
  await db.destroy();
}
