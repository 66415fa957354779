/** npm run db:migrate | db:seed: migrations and demo seeds against the configured database. */
import { loadConfig } from '../api/src/config.js';
import { createDb } from '../api/src/db/knex.js';
import { migrateLatest } from '../migrations/index.js';
import { seedDemo } from '../seeds/index.js';

const command = process.argv[2];
const config = loadConfig();
const db = createDb(config);
try {
  if (command === 'migrate') {
    const [, done] = await migrateLatest(db);
    console.log(done.length ? `Applied: ${done.join(', ')}` : 'Already up to date.');
  } else if (command === 'seed') {
    await migrateLatest(db);
    await seedDemo(db, config.dataDir);
    console.log('Demo data seeded.');
  } else {
    console.error('usage: db.ts migrate|seed');
    process.exitCode = 2;
  }
} finally {
  await db.destroy();
}
