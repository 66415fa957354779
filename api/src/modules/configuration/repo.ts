import type { Knex } from 'knex';
import {
  convertStoredValue,
  nowUtc,
  type Configuration,
  type CustomFieldType,
  type CustomQueueRecord,
  type OrderFieldRecord,
  type StoredValue,
} from '@app/domain';

/**
 * The configuration's rows (migration 017): order_fields (custom fields and built-in overrides, each
 * its record as JSON) and custom_queues; and its version, a settings row every change raises, which
 * every process compares with its own to know it must reload.
 */
const VERSION_KEY = 'configuration.version';

type Db = Knex | Knex.Transaction;

/** The configuration's version as stored (0 before the first change). */
export async function readVersion(db: Db): Promise<number> {
  const row = await db('settings').where({ key: VERSION_KEY }).first('value');
  return row ? Number(row.value) : 0;
}

/**
 * Takes the configuration's lock for the transaction (the version row, made on the first change) and
 * answers the version: changes from any process apply one after another, each on the last one's result.
 */
export async function lockVersion(trx: Knex.Transaction): Promise<number> {
  await trx('settings').insert({ key: VERSION_KEY, value: '0', updated_at: nowUtc() }).onConflict('key').ignore();
  const row = await trx('settings').where({ key: VERSION_KEY }).forUpdate().first('value');
  return Number(row.value);
}

export const writeVersion = (trx: Knex.Transaction, version: number) =>
  trx('settings')
    .where({ key: VERSION_KEY })
    .update({ value: String(version), updated_at: nowUtc() });

const parse = <T>(definition: string): T => JSON.parse(definition) as T;

/** Records in one order in every process, whatever the database's collation: by id, as JavaScript compares. */
export const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The stored configuration: every field row (removed ones too) and every custom queue. */
export async function readConfiguration(db: Db): Promise<Configuration> {
  const [fieldRows, queueRows] = await Promise.all([
    db('order_fields').select('id', 'built_in', 'removed', 'definition'),
    db('custom_queues').select('id', 'definition'),
  ]);
  return {
    fields: fieldRows
      .map((row) => ({
        ...parse<OrderFieldRecord>(row.definition),
        id: row.id,
        builtIn: !!row.built_in,
        removed: !!row.removed,
      }))
      .sort(byId),
    queues: queueRows.map((row) => ({ ...parse<CustomQueueRecord>(row.definition), id: row.id })).sort(byId),
  };
}

export async function saveField(trx: Knex.Transaction, record: OrderFieldRecord) {
  const row = {
    built_in: record.builtIn,
    removed: record.removed,
    definition: JSON.stringify(record),
    updated_at: nowUtc(),
  };
  await trx('order_fields')
    .insert({ id: record.id, ...row })
    .onConflict('id')
    .merge(row);
}

export const deleteField = (trx: Knex.Transaction, id: string) => trx('order_fields').where({ id }).delete();

export async function saveQueue(trx: Knex.Transaction, record: CustomQueueRecord) {
  const row = { definition: JSON.stringify(record), updated_at: nowUtc() };
  await trx('custom_queues')
    .insert({ id: record.id, ...row })
    .onConflict('id')
    .merge(row);
}

/** A custom queue and what it held: its members and its count. */
export async function deleteQueue(trx: Knex.Transaction, id: string) {
  await trx('custom_queue_orders').where({ queue_id: id }).delete();
  await trx('custom_queue_counters').where({ queue_id: id }).delete();
  await trx('custom_queues').where({ id }).delete();
}

/** Values read or converted at once when a field changes type: a batch of order_values rows. */
const VALUES_BATCH = 2000;

/**
 * Walks a field's stored values in batches (by order id), each converted to the new type: answers
 * how many cannot be, and, when `write` is set and all can, stores those whose columns change.
 */
async function eachValue(
  trx: Knex.Transaction,
  field: { id: string; from: CustomFieldType; to: CustomFieldType; choices: string[] | null },
  write: boolean,
): Promise<number> {
  let unreadable = 0;
  let after = -1;
  for (;;) {
    const rows: Array<StoredValue & { order_id: number }> = await trx('order_values')
      .where({ field_id: field.id })
      .andWhere('order_id', '>', after)
      .orderBy('order_id')
      .limit(VALUES_BATCH)
      .select('order_id', 'value_text', 'value_number', 'value_long');
    for (const row of rows) {
      const stored = { value_text: row.value_text, value_number: row.value_number, value_long: row.value_long };
      const converted = convertStoredValue(field.from, field.to, stored, field.choices);
      if (!converted) unreadable++;
      else if (write && JSON.stringify(converted) !== JSON.stringify(stored))
        await trx('order_values').where({ order_id: row.order_id, field_id: field.id }).update(converted);
    }
    if (rows.length < VALUES_BATCH) return unreadable;
    after = Number(rows[rows.length - 1]!.order_id);
  }
}

/** How many of a field's values the new type cannot hold. */
export const countUnconvertible = (
  trx: Knex.Transaction,
  field: { id: string; from: CustomFieldType; to: CustomFieldType; choices: string[] | null },
) => eachValue(trx, field, false);

/** Stores a field's values as the new type keeps them (every one can be: countUnconvertible said 0). */
export async function convertValues(
  trx: Knex.Transaction,
  field: { id: string; from: CustomFieldType; to: CustomFieldType; choices: string[] | null },
) {
  await eachValue(trx, field, true);
}
