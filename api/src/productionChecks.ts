import type { Knex } from 'knex';
import type { AppConfig } from './config.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seeds/index.js';

/**
 * Production refuses to serve while a demo account exists: its password is printed in the README.
 * (An unset or short JWT_SECRET is refused earlier, by loadConfig.) Throws with the reason.
 */
export async function refuseUnsafeProduction(config: AppConfig, db: Knex): Promise<void> {
  if (config.nodeEnv !== 'production') return;
  const demo: string[] = await db('team_members')
    .whereIn(
      'email',
      DEMO_ACCOUNTS.map((a) => a.email),
    )
    .pluck('email');
  if (demo.length) {
    throw new Error(
      `Refusing to start with NODE_ENV=production: the demo account(s) ${demo.join(', ')} exist, and their ` +
        `password (${DEMO_PASSWORD}) is public. Delete them (or start without NODE_ENV=production to try the demo).`,
    );
  }
}
