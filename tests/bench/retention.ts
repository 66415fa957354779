/**
 * The retention worker at scale: one run over a bulk database, its time and the rows it touched, then a
 * second run (nothing new due: it reads only the held orders again). Destructive: personal data of every
 * order departed more than the setting's days ago is removed. On a bench database only:
 *   DATABASE_URL=mysql://root@127.0.0.1:3306/bench_retention npm run bench:retention -- [--generate 1000000]
 * --generate first fills it with that many orders (npm run seed:bulk; departures over the last two years).
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../api/src/config.js';
import { buildApp } from '../../api/src/app.js';
import { runRetention } from '../../api/src/modules/privacy/service.js';

const { values } = parseArgs({ options: { generate: { type: 'string' } } });
if (values.generate) {
  const generated = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'seeds/bulk/generate.ts', '--orders', values.generate],
    { stdio: 'inherit' },
  );
  if (generated.status !== 0) process.exit(generated.status ?? 1);
}

const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env, MAIL_WORKER: 'false', RETENTION_WORKER: 'false' });
const app = await buildApp({ config });
await app.ready();
try {
  const total = await app.db('orders').count({ n: '*' }).first();
  console.log(`Orders: ${Number(total?.n).toLocaleString('en')}`);
  for (const name of ['first run', 'second run']) {
    const began = process.hrtime.bigint();
    const run = await runRetention(app);
    const seconds = Number(process.hrtime.bigint() - began) / 1e9;
    const rows = run.orders + run.documents + run.downloads + run.mails + run.customValues;
    console.log(
      `${name}: ${seconds.toFixed(1)} s, cutoff ${run.cutoff}; ${run.orders.toLocaleString('en')} orders anonymised ` +
        `(${Math.round(run.orders / Math.max(seconds, 0.001)).toLocaleString('en')}/s), ${run.held} held; ` +
        `rows touched ${rows.toLocaleString('en')} (documents ${run.documents}, downloads ${run.downloads}, ` +
        `mails ${run.mails}, custom values ${run.customValues})`,
    );
  }
} finally {
  await app.close();
}
