import type { Knex } from 'knex';
import { seedDemo } from './01_demo.js';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './01_demo.js';

/** Seeds the demo data when the database has no staff yet; answers whether it did. */
export async function seedDemoIfEmpty(db: Knex, dataDir: string): Promise<boolean> {
  const row = await db('team_members').count({ n: '*' }).first();
  if (Number(row?.n ?? 0) > 0) return false;
  await seedDemo(db, dataDir);
  return true;
}
