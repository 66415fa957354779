import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { dialectOf } from '../../api/src/db/knex.js';

/** The app's tables (not knex's migration bookkeeping), on either dialect. */
export async function tableNames(db: Knex): Promise<string[]> {
  const names: string[] =
    dialectOf(db) === 'mysql'
      ? ((await db.raw('SHOW TABLES'))[0] as Array<Record<string, string>>).map((row) => Object.values(row)[0]!)
      : await db('sqlite_master').where({ type: 'table' }).whereNot('name', 'like', 'sqlite_%').pluck('name');
  return names.filter((name) => !name.startsWith('knex_')).sort();
}

/**
 * A checksum per table: its row count and a hash of every row, independent of row order. Works the
 * same on SQLite and MySQL because it hashes what knex reads back; compare two checksums of one
 * database to prove that nothing was written in between.
 */
export async function tableChecksums(db: Knex): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const table of await tableNames(db)) {
    const rows = (await db(table).select('*')).map((row) => JSON.stringify(row)).sort();
    const hash = crypto.createHash('sha256').update(rows.join('\n')).digest('hex').slice(0, 16);
    sums[table] = `${rows.length} rows, ${hash}`;
  }
  return sums;
}
