import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import type { Member } from '../../types.js';

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

/** A write verb: the body schema its route validates with, and what it does. */
export interface ResourceWrite<Args extends unknown[]> {
  body: TSchema;
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
