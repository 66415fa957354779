import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, dialects, type TestDb } from '../../helpers/db.js';

/**
 * Every table has a primary key: Galera replicates and certifies rows by their key (a table without
 * one cannot have its deletes replicated safely), so a migration adding one without is refused here.
 */
describe.runIf(dialects().includes('mysql'))('primary keys on MySQL', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb('mysql', { seed: false });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('lists no table without a primary key', async () => {
    const [rows] = await t.db.raw(
      `SELECT t.table_name AS name FROM information_schema.tables t
       WHERE t.table_schema = DATABASE() AND t.table_type = 'BASE TABLE' AND NOT EXISTS (
         SELECT 1 FROM information_schema.table_constraints c
         WHERE c.table_schema = t.table_schema AND c.table_name = t.table_name AND c.constraint_type = 'PRIMARY KEY')`,
    );
    expect(rows.map((r: { name: string }) => r.name)).toEqual([]);
    const [tables] = await t.db.raw(
      'SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE()',
    );
    expect(Number(tables[0].n)).toBeGreaterThan(10);
  });
});
