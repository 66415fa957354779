import type { Knex } from 'knex';
import type { ListFilter, ListQuery, ResourceRepository, Row } from '../core/resources.js';

/** `!` escapes LIKE wildcards the same way on SQLite and MySQL (a backslash does not). */
export const likePrefix = (text: string) => `${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** One list filter as SQL on `column` (already qualified by the caller). */
export function whereFilter(q: Knex.QueryBuilder, column: string, filter: ListFilter): void {
  const { op, value } = filter;
  if (op === 'in') q.whereIn(column, value as Array<string | number>);
  else if (op === 'gte') q.where(column, '>=', value as string | number);
  else if (op === 'lte') q.where(column, '<=', value as string | number);
  else if (op === 'prefix') q.whereRaw(`?? LIKE ? ESCAPE '!'`, [column, likePrefix(String(value))]);
  else q.where(column, value as string | number | boolean);
}

/**
 * A page of a plain table query in ra-data-simple-rest's terms: `base` is the query with its joins and
 * conditions (called twice: for the count and for the rows), `select` the answer's columns; filters,
 * sort (ties broken by `tieBreak`) and range are applied to both. Column names are qualified by `qualify`.
 */
export async function listTable(
  base: () => Knex.QueryBuilder,
  query: ListQuery,
  {
    select,
    qualify = (c) => c,
    tieBreak,
  }: { select: Array<string | Knex.Raw>; qualify?: (column: string) => string; tieBreak: string },
): Promise<{ rows: Row[]; total: number }> {
  const filtered = () => {
    const q = base();
    for (const filter of query.filters) whereFilter(q, qualify(filter.column), filter);
    return q;
  };
  const [counted, rows] = await Promise.all([
    filtered().count({ n: '*' }).first(),
    filtered()
      .select(select)
      .orderBy(qualify(query.sort.column), query.sort.order)
      .orderBy(qualify(tieBreak), query.sort.order)
      .offset(query.start)
      .limit(query.end - query.start + 1),
  ]);
  return { rows: rows as Row[], total: Number((counted as { n?: number | string } | undefined)?.n ?? 0) };
}

/** The row's place among the rows of its order, counted from the oldest (#1): the `seq` of every history. */
export const seqOf = (db: Knex, table: string, alias: string) =>
  db.raw(`(SELECT COUNT(*) FROM ?? AS seq_t WHERE seq_t.order_id = ??.order_id AND seq_t.id <= ??.id) AS seq`, [
    table,
    alias,
    alias,
  ]);

/** How a module's table reads as records: its FROM (with joins, under `alias`) and its answer's columns. */
export interface TableRecords {
  from: (db: Knex) => Knex.QueryBuilder;
  columns: (db: Knex) => Array<string | Knex.Raw>;
  /** Alias of the main table; filters and sorts are qualified with it. */
  alias: string;
  /** Turns a stored row into the record (e.g. flags into booleans). */
  toRecord?: (row: Row) => Row;
  /** The key column (reads by id, and the tie-break of every sort); default `id`. */
  key?: string;
}

/** Reading records of one table: list (sort, range, filter in SQL, exact count) and one by id. */
export function tableRepository(records: TableRecords): Pick<ResourceRepository, 'list'> & {
  byId(db: Knex, id: number | string): Promise<Row | undefined>;
} {
  const toRecord = records.toRecord ?? ((row: Row) => row);
  const qualify = (column: string) => `${records.alias}.${column}`;
  const key = records.key ?? 'id';
  return {
    async list({ app }, query) {
      const { rows, total } = await listTable(() => records.from(app.db), query, {
        select: records.columns(app.db),
        qualify,
        tieBreak: key,
      });
      return { rows: rows.map(toRecord), total };
    },
    async byId(db, id) {
      const row = (await records.from(db).select(records.columns(db)).where(qualify(key), id).first()) as
        Row | undefined;
      return row && toRecord(row);
    },
  };
}
