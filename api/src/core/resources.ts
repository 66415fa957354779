import type { FastifyInstance } from 'fastify';
import { notFound } from '../http.js';
import type { Member } from '../types.js';

/**
 * What the generic /api/<resource> handler (modules/resources) and the modules that serve resources
 * share: kept here, outside every module, so that neither imports the other.
 */

/** One record as a repository answers it; the handler keeps only the fields the role may read. */
export type Row = Record<string, unknown>;

/** A filter of a list, checked against the resource's description: `column` is the field's SQL name. */
export interface ListFilter {
  source: string;
  column: string;
  op: 'eq' | 'in' | 'gte' | 'lte' | 'prefix';
  value: string | number | boolean | Array<string | number | boolean>;
}

/** A list request in ra-data-simple-rest's conventions, read and checked by the generic handler. */
export interface ListQuery {
  sort: { source: string; column: string; order: 'asc' | 'desc' };
  /** Rows start to end, both included (0-based). */
  start: number;
  end: number;
  filters: ListFilter[];
}

export interface ListResult {
  rows: Row[];
  total: number;
  /** The total stopped counting at a cap: there are at least `total` rows. */
  capped?: boolean;
}

export interface ResourceContext {
  app: FastifyInstance;
  member: Member;
}

/** A write verb: what it does with a body its route has checked against the registry's form fields. */
export interface ResourceWrite<Args extends unknown[]> {
  run(ctx: ResourceContext, ...args: Args): Promise<Row>;
}

/**
 * How one resource reads and writes its records, beside its description in the registry (which says
 * what sorts, filters and which role may do what). Each verb present here and in the description is
 * served; the module that owns the data provides it, through its own service and repo.
 */
export interface ResourceRepository {
  list(ctx: ResourceContext, query: ListQuery): Promise<ListResult>;
  one?(ctx: ResourceContext, id: string): Promise<Row | undefined>;
  create?: ResourceWrite<[body: Row]>;
  update?: ResourceWrite<[id: string, body: Row]>;
  /** Answers the record as it was before it went. */
  remove?(ctx: ResourceContext, id: string): Promise<Row>;
}

/** The value of an `eq` filter on `source`, if there is one. */
export const filterOn = (query: ListQuery, source: string) => query.filters.find((f) => f.source === source);

/** A whole-number record id from the URL; anything else names no record (404). */
export function integerId(id: string): number {
  const n = /^\d{1,15}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw notFound('Record not found.');
  return n;
}

/** A page of a few rows held in memory (gateways, reports), filtered and sorted as the query says. */
export function pageInMemory(rows: Row[], query: ListQuery): { rows: Row[]; total: number } {
  const kept = rows.filter((row) =>
    query.filters.every((f) =>
      f.op === 'in' ? (f.value as unknown[]).includes(row[f.column]) : f.op !== 'eq' || row[f.column] === f.value,
    ),
  );
  const { column, order } = query.sort;
  kept.sort((a, b) => {
    const x = a[column] as string | number;
    const y = b[column] as string | number;
    return (x < y ? -1 : x > y ? 1 : 0) * (order === 'asc' ? 1 : -1);
  });
  return { rows: kept.slice(query.start, query.end + 1), total: kept.length };
}
