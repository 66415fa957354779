import type { ResourceDefinition } from '@app/domain';
import { tableRepository } from '../../db/list.js';
import { integerId, type ResourceRepository } from '../../core/resources.js';

/**
 * A declared resource that no module serves, read from its table: its fields are its columns (a field's
 * `column` read under its `source`), its `idField` the key. It lists and shows; a write needs a module's
 * repository (the rules and audit of a change are the module's), and the handler refuses to start without one.
 */
export function declaredTableRepository(resource: ResourceDefinition, table: string): ResourceRepository {
  const stored = resource.fields.filter((field) => field.type !== 'password' && !field.custom);
  const key = stored.find((field) => field.source === resource.idField);
  const keyColumn = key?.column ?? resource.idField;
  const records = tableRepository({
    from: (db) => db(`${table} as t`),
    columns: (db) => [
      ...(key ? [] : [`t.${keyColumn}`]),
      ...stored.map((field) =>
        field.column && field.column !== field.source
          ? db.raw('?? AS ??', [`t.${field.column}`, field.source])
          : `t.${field.source}`,
      ),
    ],
    alias: 't',
    key: keyColumn,
  });
  const numericKey = !key || key.type === 'id' || key.type === 'number';
  return {
    list: records.list,
    one: ({ app }, id) => records.byId(app.db, numericKey ? integerId(id) : id),
  };
}
