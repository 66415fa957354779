import { afterEach, describe, expect, it } from 'vitest';
import { migrateLatest, migrationSource } from '../../../migrations/index.js';
import * as myOrdersIndex from '../../../migrations/016_my_orders_index.js';
import { createTestDb, dialects, type TestDb } from '../../helpers/db.js';

/**
 * Two processes creating knex's lock table at once can each add a lock row (seen on the Galera cluster); knex
 * then never finds exactly one row to lock. The next migration must still run.
 */
describe.each(dialects())('migrations with two lock rows (%s)', (dialect) => {
  let test: TestDb | undefined;
  afterEach(async () => test?.drop());

  it('drops the extra row and runs what is pending', async () => {
    test = await createTestDb(dialect, { seed: false });
    const { db } = test;
    await myOrdersIndex.down(db);
    await db('knex_migrations').where({ name: '016_my_orders_index' }).del();
    await db('knex_migrations_lock').insert({ is_locked: 0 });
    expect(await db('knex_migrations_lock').count({ n: '*' }).first()).toMatchObject({ n: 2 });

    await migrateLatest(db);

    // By name: the one run again comes after the later ones by id.
    expect(await db('knex_migrations').orderBy('name').pluck('name')).toEqual(await migrationSource.getMigrations([]));
    expect(await db('knex_migrations_lock').select('is_locked')).toEqual([{ is_locked: 0 }]);
  });
});
