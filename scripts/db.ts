/**
 * npm run db:migrate | db:seed: migrations and demo seeds against the configured database.
 * `prepare` is npm start's first step: migrations, then demo data into an empty database unless
 * SEED_DEMO is off (production), so that the server itself ships without the seeder.
 */
import { loadConfig } from '../api/src/config.js';
import { createDb } from '../api/src/db/knex.js';
import { migrateLatest } from '../migrations/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo, seedDemoIfEmpty } from '../seeds/index.js';

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
  } else if (command === 'prepare') {
    await migrateLatest(db);
    if (config.seedDemo) {
      if (await seedDemoIfEmpty(db, config.dataDir)) console.log('Demo data seeded.');
      const accounts = DEMO_ACCOUNTS.map((a) => `${a.email} (${a.type})`).join(', ');
      console.log(`Demo accounts (password ${DEMO_PASSWORD}): ${accounts}`);
    }
  } else {
    console.error('usage: db.ts migrate|seed|prepare');
    process.exitCode = 2;
  }
} finally {
  await db.destroy();
}
