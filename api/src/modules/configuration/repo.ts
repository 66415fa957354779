import type { Knex } from 'knex';
import {
  checkCustomValue,
  convertStoredValue,
  customFieldDefinition,
  readStoredValue,
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

/** Values read or converted at once when a field changes type or its rules: a batch of order_values rows. */
const VALUES_BATCH = 2000;

type ValueRow = StoredValue & { order_id: number };

/** Walks a field's stored values in batches, by order id, handing each batch to `visit`. */
async function walkValues(trx: Knex.Transaction, fieldId: string, visit: (rows: ValueRow[]) => Promise<void> | void) {
  let after = -1;
  for (;;) {
    const rows: ValueRow[] = await trx('order_values')
      .where({ field_id: fieldId })
      .andWhere('order_id', '>', after)
      .orderBy('order_id')
      .limit(VALUES_BATCH)
      .select('order_id', 'value_text', 'value_number', 'value_long');
    await visit(rows);
    if (rows.length < VALUES_BATCH) return;
    after = Number(rows[rows.length - 1]!.order_id);
  }
}

const storedOf = (row: ValueRow): StoredValue => ({
  value_text: row.value_text,
  value_number: row.value_number,
  value_long: row.value_long,
});

interface TypeChange {
  id: string;
  from: CustomFieldType;
  to: CustomFieldType;
  choices: string[] | null;
}

/** How many of a field's values the new type cannot hold. */
export async function countUnconvertible(trx: Knex.Transaction, field: TypeChange): Promise<number> {
  let unreadable = 0;
  await walkValues(trx, field.id, (rows) => {
    for (const row of rows) if (!convertStoredValue(field.from, field.to, storedOf(row), field.choices)) unreadable++;
  });
  return unreadable;
}

/**
 * How many of a field's values break its new rules (choices, limits, pattern; the type unchanged), and the
 * first one's problem.
 */
export async function countBreakingRules(
  trx: Knex.Transaction,
  field: OrderFieldRecord,
): Promise<{ count: number; problem?: string }> {
  const type = field.type as CustomFieldType;
  const definition = customFieldDefinition(field);
  let count = 0;
  let problem: string | undefined;
  await walkValues(trx, field.id, (rows) => {
    for (const row of rows) {
      const checked = checkCustomValue(definition, type, readStoredValue(type, storedOf(row)));
      if (!('problem' in checked)) continue;
      count++;
      problem ??= checked.problem;
    }
  });
  return { count, problem };
}

/** Stores a field's values as the new type keeps them (every one can be: countUnconvertible said 0). */
export async function convertValues(trx: Knex.Transaction, field: TypeChange) {
  await walkValues(trx, field.id, async (rows) => {
    for (const row of rows) {
      const stored = storedOf(row);
      const converted = convertStoredValue(field.from, field.to, stored, field.choices)!;
      if (JSON.stringify(converted) !== JSON.stringify(stored))
        await trx('order_values').where({ order_id: row.order_id, field_id: field.id }).update(converted);
    }
  });
}
