import type { Knex } from 'knex';
import type { FieldDefinition, Registry, ResourceDefinition } from '@app/domain';
import { dialectOf } from './knex.js';

/** The primary key, as MySQL names it; a field sorted by the primary key names this index. */
const PRIMARY = 'PRIMARY';

/** A table's indexes: name to columns in index order (the primary key as PRIMARY). */
async function indexesOf(knex: Knex, table: string): Promise<Map<string, string[]>> {
  const indexes = new Map<string, string[]>();
  if (dialectOf(knex) === 'mysql') {
    const rows: Array<{ name: string; column: string }> = await knex('information_schema.statistics')
      .select({ name: 'INDEX_NAME', column: 'COLUMN_NAME' })
      .whereRaw('TABLE_SCHEMA = DATABASE()')
      .where('TABLE_NAME', table)
      .orderBy(['INDEX_NAME', 'SEQ_IN_INDEX']);
    for (const { name, column } of rows) indexes.set(name, [...(indexes.get(name) ?? []), column]);
    return indexes;
  }
  const list: Array<{ name: string }> = await knex.raw('SELECT name FROM pragma_index_list(?)', [table]);
  for (const { name } of list) {
    const columns: Array<{ name: string }> = await knex.raw('SELECT name FROM pragma_index_info(?) ORDER BY seqno', [
      name,
    ]);
    indexes.set(
      name,
      columns.map((c) => c.name),
    );
  }
  // An INTEGER PRIMARY KEY is the rowid: SQLite lists no index for it.
  const key: Array<{ name: string }> = await knex.raw(
    'SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk',
    [table],
  );
  if (key.length && !indexes.has(PRIMARY))
    indexes.set(
      PRIMARY,
      key.map((c) => c.name),
    );
  return indexes;
}

/** Fields whose sort or filter the database serves: sortable or filtered, on a column of the table. */
const indexedFields = (resource: ResourceDefinition, columns: Set<string>): FieldDefinition[] =>
  resource.fields.filter((f) => (f.sortable || f.filter) && columns.has(f.column ?? f.source));

/**
 * Whether an index serves a field: it holds the field's column, or it leads with a filter every list of
 * the resource must carry (an order's histories are read for one order, a few rows sorted as asked).
 */
function serves(index: string[], field: FieldDefinition, resource: ResourceDefinition): boolean {
  const column = field.column ?? field.source;
  if (index.includes(column)) return true;
  const required = (resource.requiredFilters ?? []).map((source) => {
    const f = resource.fields.find((candidate) => candidate.source === source);
    return f?.column ?? source;
  });
  return required.includes(index[0]!);
}

/**
 * What the registry's index names promise and the database does not keep: one line per sortable or
 * filtered field on a stored column whose `index` is not named, does not exist on its table, or does
 * not hold its column. [] when every sort and filter the API accepts is served by the index it names.
 */
export async function missingIndexes(knex: Knex, registry: Registry): Promise<string[]> {
  const missing: string[] = [];
  for (const resource of Object.values(registry)) {
    // A resource of no table (rows in memory, totals per request): no index serves its sorts.
    const { table } = resource;
    if (!table) continue;
    const columns = new Set(Object.keys(await knex(table).columnInfo()));
    const indexes = await indexesOf(knex, table);
    for (const field of indexedFields(resource, columns)) {
      const name = `${resource.name}.${field.source}`;
      const index = field.index === undefined ? undefined : indexes.get(field.index);
      if (field.index === undefined) missing.push(`${name}: index not named`);
      else if (!index) missing.push(`${name}: index ${field.index} missing`);
      else if (!serves(index, field, resource))
        missing.push(`${name}: index ${field.index} does not hold ${field.column ?? field.source}`);
    }
  }
  return missing;
}
