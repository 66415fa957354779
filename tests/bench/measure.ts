/** What the benches share: percentiles, rounding, MySQL's rows read for one call and its server's process. */
import fs from 'node:fs';
import type { Knex } from 'knex';

/** The p-th percentile (0-100) of ascending samples. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export const round = (n: number) => Math.round(n * 100) / 100;

/** Rows (index entries and table rows) MySQL reads for one call, from the session's handler counters. */
export async function handlerReads(db: Knex, call: () => Promise<unknown>): Promise<number> {
  const total = async () => {
    const [rows] = await db.raw("SHOW SESSION STATUS LIKE 'Handler_read%'");
    return (rows as Array<{ Value: string }>).reduce((n, r) => n + Number(r.Value), 0);
  };
  const before = await total();
  await call();
  const after = await total();
  // The SHOW itself reads a few rows of its own: measured by a second SHOW and taken off.
  const show = (await total()) - after;
  return after - before - show;
}

/** The MariaDB/MySQL server's process id, when `db` is MySQL on this machine (its CPU is then readable in /proc). */
export async function databasePid(db: Knex): Promise<number | null> {
  try {
    const [rows] = await db.raw('SELECT @@pid_file AS file');
    const pid = Number(fs.readFileSync((rows as Array<{ file: string }>)[0]!.file, 'utf8').trim());
    return fs.existsSync(`/proc/${pid}`) ? pid : null;
  } catch {
    return null;
  }
}
