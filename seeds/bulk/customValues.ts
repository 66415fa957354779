/**
 * Values of custom fields for every order of a bulk database, written by the database itself
 * (INSERT ... SELECT over ranges of order ids): a million values take seconds, where generating the rows in
 * Node would take minutes. Which orders get a value, and which value, follows a hash of the order id,
 * so the same database gets the same values every time, and two fields' values are independent.
 */
import type { Knex } from 'knex';
import { valueColumnOf, type CustomFieldType } from '@app/domain';
import { dialectOf } from '../../api/src/db/knex.js';

export interface BulkCustomField {
  /** The field's key (order_values.field_id). */
  id: string;
  type: Extract<CustomFieldType, 'choice' | 'date' | 'number' | 'text'>;
  /** Share of orders (0-1) with a value. */
  share: number;
  /** A choice field's choices, picked evenly. */
  choices?: string[];
  /** A date field's values: days from this date ('YYYY-MM-DD') ... */
  from?: string;
  /** ... over this many days. */
  days?: number;
}

/** Orders per INSERT ... SELECT: one transaction each, small enough not to hold locks for long. */
const RANGE = 200_000;
/** A prime above any order id's share of a hash: (id * multiplier) mod it spreads ids evenly. */
const PRIME = 1_000_003;

/** A number 0 .. PRIME-1 from the order id, different for each `salt` (an odd multiplier per use). */
const hashOf = (salt: number) => `((o.order_id * ${salt} + ${Math.floor(salt / 2)}) % ${PRIME})`;

/** The SQL of one field's value for the order `o`, on either dialect. */
function valueSql(db: Knex, field: BulkCustomField, salt: number): string {
  const pick = hashOf(salt);
  switch (field.type) {
    case 'choice': {
      const choices = field.choices ?? [];
      if (!choices.length) throw new Error(`${field.id}: a choice field needs choices`);
      const cases = choices.map((c, i) => `WHEN ${i} THEN ${db.raw('?', [c]).toQuery()}`).join(' ');
      return `CASE ${pick} % ${choices.length} ${cases} END`;
    }
    case 'date': {
      const days = `${pick} % ${field.days ?? 365}`;
      const from = db.raw('?', [field.from ?? '2026-01-01']).toQuery();
      return dialectOf(db) === 'mysql'
        ? `DATE_FORMAT(DATE_ADD(${from}, INTERVAL ${days} DAY), '%Y-%m-%d')`
        : `date(${from}, '+' || (${days}) || ' days')`;
    }
    case 'number':
      return `${pick} % 1000`;
    case 'text':
      return dialectOf(db) === 'mysql' ? `CONCAT('v', ${pick} % 1000)` : `'v' || (${pick} % 1000)`;
  }
}

/**
 * Adds each field's values to the orders that have none for it (a second run adds nothing); answers
 * how many values each field has.
 */
export async function fillCustomValues(db: Knex, fields: BulkCustomField[]): Promise<Record<string, number>> {
  const bounds = (await db('orders').min({ low: 'order_id' }).max({ high: 'order_id' }).first()) as {
    low: number | null;
    high: number | null;
  };
  const written: Record<string, number> = {};
  const mysql = dialectOf(db) === 'mysql';
  for (const [index, field] of fields.entries()) {
    const column = valueColumnOf(field.type);
    // Distinct odd multipliers: whether an order has a value and which one come from different hashes.
    const [share, value] = [1_103_515_245 + 4 * index, 2_654_435_761 + 4 * index];
    const text = valueSql(db, field, value);
    for (let low = Number(bounds.low ?? 1); low <= Number(bounds.high ?? 0); low += RANGE) {
      const sql = `INSERT INTO order_values (order_id, field_id, ${column})
        SELECT o.order_id, ?, ${text} FROM orders o
        WHERE o.order_id >= ? AND o.order_id < ? AND ${hashOf(share)} < ?
          AND NOT EXISTS (SELECT 1 FROM order_values v WHERE v.order_id = o.order_id AND v.field_id = ?)`;
      await db.raw(sql, [field.id, low, low + RANGE, Math.round(field.share * PRIME), field.id]);
    }
    const row = await db('order_values').where('field_id', field.id).count({ n: '*' }).first();
    written[field.id] = Number(row?.n ?? 0);
  }
  if (mysql) await db.raw('ANALYZE TABLE order_values');
  return written;
}
