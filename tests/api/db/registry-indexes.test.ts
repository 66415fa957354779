import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, type FieldDefinition, type Registry } from '@app/domain';
import { missingIndexes } from '../../../api/src/db/registryIndexes.js';
import { createTestDb, dialects, type TestDb } from '../../helpers/db.js';

/** The real registry with one orders field changed: a sortable field that names `index` (or none). */
function withOrdersField(field: FieldDefinition): Registry {
  const orders = RESOURCES.orders!;
  return {
    ...RESOURCES,
    orders: { ...orders, fields: [...orders.fields.filter((f) => f.source !== field.source), field] },
  };
}

/**
 * Every sort and filter the API accepts on a stored column is served by the index the registry names
 * (domain/src/registry, `index`), and that index exists on the migrated database.
 */
describe.each(dialects())('registry index names on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect, { seed: false });
  });
  afterAll(() => t?.drop());

  it('name an existing index for every sortable or filtered field of the registry', async () => {
    expect(await missingIndexes(t.db, RESOURCES)).toEqual([]);
  });

  it('report a sortable field without an index, with a missing one, and with one that does not hold it', async () => {
    const occupation: FieldDefinition = { source: 'occupation', type: 'text', places: ['list'], sortable: true };
    expect(await missingIndexes(t.db, withOrdersField(occupation))).toContain('orders.occupation: index not named');
    expect(await missingIndexes(t.db, withOrdersField({ ...occupation, index: 'orders_occupation' }))).toContain(
      'orders.occupation: index orders_occupation missing',
    );
    expect(await missingIndexes(t.db, withOrdersField({ ...occupation, index: 'orders_email' }))).toContain(
      'orders.occupation: index orders_email does not hold occupation',
    );
  });

  it('leave out fields without a stored column (the queue and the search)', async () => {
    const missing = await missingIndexes(t.db, withOrdersField({ source: 'occupation', type: 'text', places: [] }));
    expect(missing.filter((line) => line.startsWith('orders.'))).toEqual([]);
  });
});
