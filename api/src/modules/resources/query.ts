import type { Static } from 'typebox';
import { isIsoDate, MAX_PAGE_SIZE, parseIsoDateTime, type ResourceDefinition } from '@app/domain';
import { badRequest } from '../../http.js';
import type { ListFilter, ListQuery } from '../../core/resources.js';
import { fieldNamed, filterKeys, type listQuerySchema } from '../../core/registrySchemas.js';

/** GET /api/<name>'s query as its schema (made from the registry) has checked it. */
export type ListQueryParams = Static<ReturnType<typeof listQuerySchema>>;

/**
 * ra-data-simple-rest sends sort, range and filter as JSON in the query string: read here, before the
 * schema checks them. An emptied filter input sends '' or null: no filter.
 */
export function readJsonParams(query: Record<string, unknown>): Record<string, unknown> {
  const read: Record<string, unknown> = { ...query };
  for (const name of ['sort', 'range', 'filter']) {
    const text = query[name];
    if (text === undefined || text === '') {
      delete read[name];
      continue;
    }
    try {
      read[name] = JSON.parse(String(text));
    } catch {
      throw badRequest(`${name} must be JSON.`);
    }
  }
  const filter = read.filter;
  if (filter && typeof filter === 'object' && !Array.isArray(filter)) {
    read.filter = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== '' && value !== null));
  }
  return read;
}

/** A datetime bound as stored: a day covers the whole day, from its first second up to its last. */
function datetimeBound(key: string, value: string, op: ListFilter['op']): string {
  if (isIsoDate(value)) return op === 'lte' ? `${value} 23:59:59` : `${value} 00:00:00`;
  const time = parseIsoDateTime(value);
  if (!time) throw badRequest(`Filter ${key} must be a date or a date and time.`);
  return time;
}

/**
 * The checked query as the repositories take it, against the resource as the role sees it: a field
 * hidden from the role neither sorts nor filters (refused as if unknown, so that the order of rows
 * cannot tell its values either), and a page reads at most MAX_PAGE_SIZE rows.
 */
export function toListQuery(resource: ResourceDefinition, params: ListQueryParams): ListQuery {
  const [sortBy, order] = params.sort ?? [resource.defaultSort.field, resource.defaultSort.order];
  const sortField = fieldNamed(resource, sortBy);
  if (!sortField?.sortable) throw badRequest(`Cannot sort by ${sortBy}.`);

  const [start, end] = params.range ?? [0, MAX_PAGE_SIZE - 1];
  if (end < start) throw badRequest('range must be [start, end], whole numbers with start <= end.');
  if (end - start + 1 > MAX_PAGE_SIZE) throw badRequest(`At most ${MAX_PAGE_SIZE} rows can be read at once.`);

  const keys = filterKeys(resource);
  const filters = Object.entries(params.filter ?? {}).map(([key, value]): ListFilter => {
    const accepted = keys.get(key);
    if (!accepted) throw badRequest(`Unknown filter: ${key}.`);
    const { field, op } = accepted;
    const column = field.column ?? field.source;
    const stored = (v: unknown) => (field.type === 'datetime' ? datetimeBound(key, String(v), op) : v);
    if (Array.isArray(value))
      return { source: field.source, column, op: 'in', value: value.map(stored) as ListFilter['value'] };
    return { source: field.source, column, op, value: stored(value) as ListFilter['value'] };
  });
  return {
    sort: {
      source: sortField.source,
      column: sortField.column ?? sortField.source,
      order: order.toLowerCase() as 'asc' | 'desc',
    },
    start,
    end,
    filters,
  };
}
