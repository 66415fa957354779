import type { Knex } from 'knex';
import { listTable } from '../../db/list.js';
import type { ResourceRepository, Row } from './types.js';

/** How a module's table reads as records: its FROM (with joins, under `alias`) and its answer's columns. */
export interface TableRecords {
  from: (db: Knex) => Knex.QueryBuilder;
  columns: (db: Knex) => Array<string | Knex.Raw>;
  /** Alias of the main table; filters and sorts are qualified with it. */
  alias: string;
  /** Turns a stored row into the record (e.g. flags into booleans). */
  toRecord?: (row: Row) => Row;
}

/** Reading records of one table: list (sort, range, filter in SQL, exact count) and one by id. */
export function tableRepository(records: TableRecords): Pick<ResourceRepository, 'list'> & {
  byId(db: Knex, id: number): Promise<Row | undefined>;
} {
  const toRecord = records.toRecord ?? ((row: Row) => row);
  const qualify = (column: string) => `${records.alias}.${column}`;
  return {
    async list({ app }, query) {
      const { rows, total } = await listTable(() => records.from(app.db), query, {
        select: records.columns(app.db),
        qualify,
        tieBreak: 'id',
      });
      return { rows: rows.map(toRecord), total };
    },
    async byId(db, id) {
      const row = (await records.from(db).select(records.columns(db)).where(qualify('id'), id).first()) as
        Row | undefined;
      return row && toRecord(row);
    },
  };
}
