import type { Knex } from 'knex';
import {
  checkCustomValue,
  customTypeOf,
  readStoredValue,
  storedValue,
  valueColumnOf,
  type CustomFieldType,
  type CustomValue,
  type FieldDefinition,
  type ResourceDefinition,
  type StoredValue,
} from '@app/domain';
import type { ListFilter } from '../../core/resources.js';
import { dialectOf } from '../../db/knex.js';
import { whereFilter } from '../../db/list.js';
import { badRequest } from '../../http.js';
import { valuesByValue, type OrderCondition, type ValueSort } from './repo.js';

/**
 * Custom fields' values, kept in order_values (migration 017): read beside a page of orders
 * in one query, filtered by a join on the (field, value, order) indexes, and checked when written.
 */

/** The custom fields of the orders resource as it stands (removed ones are not in it). */
export const customFieldsOf = (orders: ResourceDefinition | undefined): FieldDefinition[] =>
  (orders?.fields ?? []).filter((f) => f.custom);

export type CustomValues = Record<string, CustomValue | null>;

/**
 * The values statement of each shape (how many orders, how many fields), built once: a queue's page asks the
 * same one on every request, and building it through knex's query builder was a tenth of a page's CPU.
 */
const valueStatements = new Map<string, string>();
const STATEMENTS_KEPT = 500;
function valuesStatement(orders: number, fields: number): string {
  const key = `${orders} ${fields}`;
  let sql = valueStatements.get(key);
  if (sql === undefined) {
    const marks = (n: number) => Array<string>(n).fill('?').join(', ');
    sql =
      'select order_id, field_id, value_text, value_number, value_long from order_values ' +
      `where order_id in (${marks(orders)}) and field_id in (${marks(fields)})`;
    if (valueStatements.size < STATEMENTS_KEPT) valueStatements.set(key, sql);
  }
  return sql;
}

type ValueRow = StoredValue & { order_id: number | string; field_id: string };

/** The values of `fields` of these orders, by order id, in one query (no row for no value). */
export async function findCustomValues(
  db: Knex | Knex.Transaction,
  orderIds: number[],
  fields: FieldDefinition[],
): Promise<Map<number, CustomValues>> {
  const values = new Map<number, CustomValues>();
  if (!orderIds.length || !fields.length) return values;
  const byId = new Map(fields.map((f) => [f.source, f]));
  const answer = await db.raw(valuesStatement(orderIds.length, byId.size), [...orderIds, ...byId.keys()]);
  // mysql2 answers [rows, columns]; better-sqlite3 the rows.
  const rows = (dialectOf(db) === 'mysql' ? answer[0] : answer) as ValueRow[];
  for (const row of rows) {
    const field = byId.get(row.field_id)!;
    const id = Number(row.order_id);
    let own = values.get(id);
    if (!own) values.set(id, (own = {}));
    own[field.source] = readStoredValue(customTypeOf(field), row);
  }
  return values;
}

/** Orders' custom values, read when first asked for and then kept: the change path's steps share one read. */
export type CustomValuesRead = () => Promise<Map<number, CustomValues>>;

export function customValuesOnce(
  db: Knex | Knex.Transaction,
  orderIds: number[],
  fields: FieldDefinition[],
): CustomValuesRead {
  let read: Promise<Map<number, CustomValues>> | undefined;
  return () => (read ??= findCustomValues(db, orderIds, fields));
}

/**
 * A list page's custom values as the API answers them: the page's statement reads them as stored (repo
 * listColumnsOf), so numbers and booleans are made so here, in place; text is answered as it is.
 */
export function typeListValues<T extends Record<string, unknown>>(rows: T[], fields: FieldDefinition[]): T[] {
  const typed = fields
    .map((field) => ({ source: field.source, type: customTypeOf(field) }))
    .filter(({ type }) => type === 'number' || type === 'boolean');
  for (const row of rows as Array<Record<string, unknown>>)
    for (const { source, type } of typed)
      row[source] = readStoredValue(type, { value_number: row[source] } as unknown as StoredValue);
  return rows;
}

/** Rows with each custom field's value (null when the order has none), read in one query. */
export async function withCustomValues<T extends Record<string, unknown>>(
  db: Knex,
  rows: T[],
  fields: FieldDefinition[],
): Promise<T[]> {
  if (!rows.length || !fields.length) return rows;
  const values = await findCustomValues(
    db,
    rows.map((r) => Number(r.order_id)),
    fields,
  );
  return rows.map((row) => {
    const own = values.get(Number(row.order_id));
    const withValues: Record<string, unknown> = { ...row };
    for (const field of fields) withValues[field.source] = own?.[field.source] ?? null;
    return withValues as T;
  });
}

/** One order's custom fields, each with its label (English) and value (null when none), in their order. */
export async function customValuesOf(db: Knex, orderId: number, orders: ResourceDefinition | undefined) {
  const fields = [...customFieldsOf(orders)].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const values = (await findCustomValues(db, [orderId], fields)).get(orderId) ?? {};
  return fields.map((f) => ({ source: f.source, label: f.labelText?.en ?? f.source, value: values[f.source] ?? null }));
}

/** A filter's value as order_values keeps it: booleans as 0/1 (numbers, text and bounds as given). */
const storedFilterValue = (field: FieldDefinition, value: unknown) =>
  field.type === 'boolean' ? (value === true || value === 1 || value === '1' ? 1 : 0) : (value as string | number);

/**
 * A list filter on a custom field as a condition on `orders`: joined to the orders whose value of that
 * field passes (an order has at most one row per field, so the join adds no row), each a lookup on the
 * field's (field, value, order) index. A join, not EXISTS: MariaDB makes EXISTS a semi-join that reads
 * every passing value first (tests/bench/customFieldsSql.ts). Its own alias per field and operator.
 */
export const customFilterCondition =
  (field: FieldDefinition, filter: ListFilter): OrderCondition =>
  (q, orderId = 'orders.order_id') => {
    const column = valueColumnOf(customTypeOf(field));
    const alias = `f_${field.source}_${filter.op}`;
    const value = Array.isArray(filter.value)
      ? filter.value.map((v) => storedFilterValue(field, v))
      : storedFilterValue(field, filter.value);
    const passing = (q.client.queryBuilder() as Knex.QueryBuilder)
      .from(valuesByValue(q, column))
      .select({ [`${alias}_order`]: 'order_id' })
      .where('field_id', field.source);
    whereFilter(passing, column, { ...filter, value } as ListFilter);
    q.join(passing.as(alias), `${alias}.${alias}_order`, orderId);
  };

export const valueSortOf = (field: FieldDefinition | undefined): ValueSort | undefined =>
  field?.custom ? { field: field.source, column: valueColumnOf(customTypeOf(field)) } : undefined;

/**
 * A value given for a custom field (PUT /api/orders/:id), checked against its type and rules and
 * answered as it is kept (null: no value), or refused with a sentence naming the field.
 */
export function checkGivenValue(field: FieldDefinition, given: unknown): CustomValue | null {
  const checked = checkCustomValue(field, customTypeOf(field), given);
  if ('problem' in checked) throw badRequest(`${field.source} ${checked.problem}`);
  return checked.value;
}

/** A value as one row of order_values (for a field of `type`). */
export const storedRow = (orderId: number, field: string, type: CustomFieldType, value: CustomValue) => ({
  order_id: orderId,
  field_id: field,
  ...storedValue(type, value),
});
