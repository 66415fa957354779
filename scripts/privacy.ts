/**
 * A customer's rights on their data, by the email of their orders (or contact email):
 *   npm run privacy:export -- EMAIL [FOLDER]   everything stored of them into FOLDER (new or empty;
 *                                              default ./exports/<email>-<UTC time>): customer.json and
 *                                              documents/<order>_<file>
 *   npm run privacy:erase -- EMAIL             their personal data removed now (refused, saying why, while a
 *                                              chargeback or open dispute holds one of their orders)
 * Against the configured database and storage (DATA_DIR, DATABASE_URL, STORAGE_URL, DATA_KEY); audited.
 * Exit code 0: done; 1: refused; 2: wrong usage.
 */
import path from 'node:path';
import { loadConfig } from '../api/src/config.js';
import { buildApp } from '../api/src/app.js';
import { HttpError } from '../api/src/http.js';
import { eraseCustomer, exportCustomer } from '../api/src/modules/privacy/service.js';

const [command, email = '', folderArg] = process.argv.slice(2);
if ((command !== 'export' && command !== 'erase') || !/^[^\s@]+@[^\s@]+$/.test(email)) {
  console.error('usage: npm run privacy:export -- EMAIL [FOLDER]   or   npm run privacy:erase -- EMAIL');
  process.exit(2);
}

const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env, MAIL_WORKER: 'false', RETENTION_WORKER: 'false' });
const app = await buildApp({ config });
await app.ready();
try {
  if (command === 'export') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const folder = path.resolve(folderArg ?? path.join('exports', `${email.replace(/[^\w.@-]/g, '_')}-${stamp}`));
    const done = await exportCustomer(app, email, folder);
    console.log(`Exported ${done.orders} order(s) and ${done.documents} document(s) of ${email} to ${folder}`);
  } else {
    const done = await eraseCustomer(app, email);
    console.log(
      `Erased the personal data of ${done.orders} order(s) of ${email}: ${done.documents} document(s), ` +
        `${done.downloads} download log row(s), ${done.mails} mail(s), ${done.customValues} custom value(s).`,
    );
  }
} catch (error) {
  if (!(error instanceof HttpError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await app.close();
}
