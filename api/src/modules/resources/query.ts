import {
  dayjs,
  DB_DATETIME,
  isIsoDate,
  MAX_PAGE_SIZE,
  type FieldDefinition,
  type ResourceDefinition,
} from '@app/domain';
import { badRequest, notFound } from '../../http.js';
import type { ListFilter, ListQuery, Row } from './types.js';

/** The most values one `eq` filter may list (react-admin's getMany sends the ids it needs). */
const MAX_IN = MAX_PAGE_SIZE;
const MAX_TEXT = 191;

function parseJson(name: string, text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${name} must be JSON.`);
  }
}

const columnOf = (field: FieldDefinition) => field.column ?? field.source;

/** The field `id` stands for: react-admin names every record's id `id`. */
const fieldNamed = (resource: ResourceDefinition, source: string) =>
  resource.fields.find((f) => f.source === (source === 'id' ? resource.idField : source));

/** A filter value of a field's type, or a 400 naming the filter. */
function filterValue(
  field: FieldDefinition,
  key: string,
  value: unknown,
  bound?: 'gte' | 'lte',
): string | number | boolean {
  const refuse = (what: string) => badRequest(`Filter ${key} must be ${what}.`);
  switch (field.type) {
    case 'id':
    case 'number':
    case 'money':
    case 'reference': {
      const n = typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw refuse('a whole number');
      return n;
    }
    case 'boolean':
      if (value === true || value === 'true' || value === 1 || value === '1') return true;
      if (value === false || value === 'false' || value === 0 || value === '0') return false;
      throw refuse('true or false');
    case 'date':
      if (typeof value !== 'string' || !isIsoDate(value)) throw refuse('a date (YYYY-MM-DD)');
      return value;
    case 'datetime': {
      // A day bound covers the whole day: from its first second, up to its last.
      if (typeof value === 'string' && isIsoDate(value))
        return bound === 'lte' ? `${value} 23:59:59` : `${value} 00:00:00`;
      const t = typeof value === 'string' && value.length <= 40 ? dayjs.utc(value) : null;
      if (!t?.isValid()) throw refuse('a date or a date and time');
      return t.format(DB_DATETIME);
    }
    case 'select':
    case 'status':
      if (typeof value !== 'string' || !field.choices?.includes(value)) {
        throw refuse(`one of: ${(field.choices ?? []).join(', ')}`);
      }
      return value;
    default:
      if (typeof value !== 'string' && typeof value !== 'number') throw refuse('text');
      if (String(value).length > MAX_TEXT) throw refuse(`at most ${MAX_TEXT} characters`);
      return String(value);
  }
}

/** The filter keys a resource accepts, each with its field and operator (derived from the fields' filter kinds). */
function filterKeys(resource: ResourceDefinition) {
  const keys = new Map<string, { field: FieldDefinition; op: 'eq' | 'gte' | 'lte' | 'prefix' }>();
  const idField = fieldNamed(resource, 'id');
  if (idField) keys.set('id', { field: idField, op: 'eq' });
  for (const field of resource.fields) {
    if (field.filter === 'eq') keys.set(field.source, { field, op: 'eq' });
    if (field.filter === 'prefix') keys.set(field.source, { field, op: 'prefix' });
    if (field.filter === 'range') {
      keys.set(`${field.source}_gte`, { field, op: 'gte' });
      keys.set(`${field.source}_lte`, { field, op: 'lte' });
    }
  }
  return keys;
}

function parseFilters(resource: ResourceDefinition, raw: unknown): ListFilter[] {
  if (raw === undefined) raw = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badRequest('filter must be a JSON object.');
  const keys = filterKeys(resource);
  const filters: ListFilter[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const accepted = keys.get(key);
    if (!accepted) throw badRequest(`Unknown filter: ${key}.`);
    // An emptied filter input sends '' or null: no filter.
    if (value === '' || value === null) continue;
    const { field, op } = accepted;
    const column = columnOf(field);
    if (Array.isArray(value)) {
      if (op !== 'eq') throw badRequest(`Filter ${key} takes one value.`);
      if (value.length > MAX_IN) throw badRequest(`Filter ${key} takes at most ${MAX_IN} values.`);
      filters.push({ source: field.source, column, op: 'in', value: value.map((v) => filterValue(field, key, v)) });
    } else {
      filters.push({
        source: field.source,
        column,
        op,
        value: filterValue(field, key, value, op === 'gte' || op === 'lte' ? op : undefined),
      });
    }
  }
  for (const required of resource.requiredFilters ?? []) {
    if (!filters.some((f) => f.source === required)) throw badRequest(`Filter ${required} is required.`);
  }
  return filters;
}

function parseSort(resource: ResourceDefinition, raw: unknown): ListQuery['sort'] {
  if (raw !== undefined && (!Array.isArray(raw) || raw.length !== 2)) {
    throw badRequest('sort must be ["field","ASC" or "DESC"].');
  }
  const [source, order] = raw ?? [resource.defaultSort.field, resource.defaultSort.order];
  if (typeof source !== 'string' || typeof order !== 'string' || !/^(asc|desc)$/i.test(order)) {
    throw badRequest('sort must be ["field","ASC" or "DESC"].');
  }
  const field = fieldNamed(resource, source);
  if (!field?.sortable) throw badRequest(`Cannot sort by ${source}.`);
  return { source: field.source, column: columnOf(field), order: order.toLowerCase() as 'asc' | 'desc' };
}

function parseRange(raw: unknown): { start: number; end: number } {
  if (raw === undefined) return { start: 0, end: MAX_PAGE_SIZE - 1 };
  const valid =
    Array.isArray(raw) &&
    raw.length === 2 &&
    raw.every((n) => Number.isSafeInteger(n) && n >= 0) &&
    (raw[1] as number) >= (raw[0] as number);
  if (!valid) throw badRequest('range must be [start, end], whole numbers with start <= end.');
  const [start, end] = raw as [number, number];
  if (end - start + 1 > MAX_PAGE_SIZE) throw badRequest(`At most ${MAX_PAGE_SIZE} rows can be read at once.`);
  return { start, end };
}

/** Reads `sort`, `range` and `filter` (JSON in the query string) against a resource's description. */
export function parseListQuery(
  resource: ResourceDefinition,
  query: { sort?: string; range?: string; filter?: string },
): ListQuery {
  return {
    sort: parseSort(resource, parseJson('sort', query.sort)),
    ...parseRange(parseJson('range', query.range)),
    filters: parseFilters(resource, parseJson('filter', query.filter)),
  };
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
