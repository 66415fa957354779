import type { Knex } from 'knex';
import { nowUtc } from '@app/domain';

type Db = Knex | Knex.Transaction;

/** The retention setting's row in `settings` (its value JSON). */
const SETTINGS_KEY = 'privacy.retention';

export interface StoredRetention {
  days: number;
  updatedAt: string | null;
}

export const DEFAULT_RETENTION_DAYS = 180;

export async function readRetention(db: Db): Promise<StoredRetention> {
  const row = await db('settings').where({ key: SETTINGS_KEY }).first('value', 'updated_at');
  const days = row ? Number((JSON.parse(row.value) as { days?: unknown }).days) : NaN;
  return {
    days: Number.isInteger(days) && days > 0 ? days : DEFAULT_RETENTION_DAYS,
    updatedAt: row?.updated_at ?? null,
  };
}

export async function writeRetention(trx: Knex.Transaction, days: number, at: string) {
  const row = { value: JSON.stringify({ days }), updated_at: at };
  await trx('settings')
    .insert({ key: SETTINGS_KEY, ...row })
    .onConflict('key')
    .merge(row);
}

/**
 * The order columns holding personal data, and what each becomes: names, passport, birth date, contact
 * (email, phone, addresses, where they stay), flight numbers, and the purchase's IP, device, browser,
 * place and card. What accounts and disputes need stays: id, status, mode, amounts, currency,
 * transaction id, gateway, dates, nationality (the country report), who processed it.
 */
export const ANONYMISED_ORDER_COLUMNS: Readonly<Record<string, string | null>> = {
  first_name: null,
  last_name: null,
  full_name: null,
  email: '',
  contact_email_address: null,
  phone_code: null,
  phone_number: null,
  passport_number: null,
  date_of_birth: null,
  occupation: null,
  territory: null,
  state: null,
  address: null,
  province: null,
  district_area: null,
  sub_district: null,
  accommodation_in_thailand: null,
  other_accomodation: null,
  arrivalflight_and_vehicle_number: null,
  departureflight_and_vehicle_number: null,
  purchase_ip: null,
  purchase_user_agent: null,
  purchase_location: null,
  purchase_city: null,
  purchase_device: null,
  purchase_device_type: null,
  purchase_browser: null,
  purchase_os: null,
  purchase_device_id: null,
  card_bin: null,
  card_last4: null,
  card_fingerprint: null,
  payment_credential: null,
};

/** Download log columns of the visitor's address, device and place. */
const ANONYMISED_DOWNLOAD_COLUMNS = [
  'ip',
  'user_agent',
  'device',
  'device_type',
  'browser',
  'os',
  'location',
  'timezone',
  'device_id',
  'city',
];

/** Custom field types whose values may hold personal data (free text, and dates such as a birthday). */
const PERSONAL_CUSTOM_TYPES = ['text', 'longText', 'date'];

/** The ids of custom fields (removed ones too: their values stay) whose values are personal. */
export async function personalCustomFieldIds(db: Db): Promise<string[]> {
  const rows: Array<{ id: string; definition: string }> = await db('order_fields')
    .where({ built_in: false })
    .select('id', 'definition');
  return rows
    .filter((row) => PERSONAL_CUSTOM_TYPES.includes(String((JSON.parse(row.definition) as { type?: unknown }).type)))
    .map((row) => row.id);
}

/** Open dispute statuses of the disputes table: an order with one is held. */
const OPEN_DISPUTE_STATUSES = ['needs_response', 'under_review'];

/** Whether the database has a disputes table, asked once per database. */
const disputesTables = new WeakMap<object, Promise<boolean>>();
const hasDisputes = (db: Db) => {
  const config = db.client.config as object;
  if (!disputesTables.has(config)) disputesTables.set(config, db.schema.hasTable('disputes'));
  return disputesTables.get(config)!;
};

export interface OrderFacts {
  order_id: number;
  process_status: string;
}

/** Why each held order may not be anonymised yet: a chargeback, or an open dispute. */
export async function holdsOf(db: Db, orders: OrderFacts[]): Promise<Map<number, string>> {
  const holds = new Map<number, string>();
  for (const o of orders) if (o.process_status === 'ChargeBack') holds.set(Number(o.order_id), 'it is in ChargeBack');
  if (orders.length && (await hasDisputes(db))) {
    const open: Array<{ order_id: number; status: string }> = await db('disputes')
      .whereIn(
        'order_id',
        orders.map((o) => o.order_id),
      )
      .whereIn('status', OPEN_DISPUTE_STATUSES)
      .select('order_id', 'status');
    for (const d of open) holds.set(Number(d.order_id), `it has an open dispute (${d.status})`);
  }
  return holds;
}

/**
 * The next orders due for retention, after `after` in (departure date, id) order: not anonymised yet and
 * departed before `cutoff`. An index range of orders_retention_due, which anonymised orders leave.
 */
export function dueOrders(
  db: Db,
  cutoff: string,
  after: { date: string; id: number } | null,
  limit: number,
): Promise<Array<OrderFacts & { date_of_departure: string }>> {
  return db('orders')
    .whereNull('anonymised_at')
    .where('date_of_departure', '<', cutoff)
    .modify((q) => {
      if (after)
        q.where((w) =>
          w
            .where('date_of_departure', '>', after.date)
            .orWhere((same) => same.where('date_of_departure', after.date).where('order_id', '>', after.id)),
        );
    })
    .orderBy([
      { column: 'date_of_departure', order: 'asc' },
      { column: 'order_id', order: 'asc' },
    ])
    .limit(limit)
    .select('order_id', 'process_status', 'date_of_departure');
}

/**
 * A customer's orders, anonymised ones too: those whose email or contact email is `email` as given or in
 * lower case (each an index lookup).
 */
export function ordersOfCustomer(db: Db, email: string): Promise<Array<OrderFacts & { anonymised_at: string | null }>> {
  const spellings = [...new Set([email, email.toLowerCase()])];
  const columns = ['order_id', 'process_status', 'anonymised_at'];
  return db('orders')
    .whereIn('email', spellings)
    .select(columns)
    .union((q) => q.from('orders').whereIn('contact_email_address', spellings).select(columns))
    .orderBy('order_id');
}

export interface AnonymisedCounts {
  orders: number;
  documents: number;
  downloads: number;
  mails: number;
  customValues: number;
}

/**
 * Removes the personal data of these orders in `trx` and marks them anonymised; answers the counts and the
 * storage keys of their documents, whose files the caller removes once the transaction has committed.
 */
export async function anonymiseOrders(
  trx: Knex.Transaction,
  orderIds: number[],
  customFieldIds: string[],
  at: Date,
): Promise<{ counts: AnonymisedCounts; storageKeys: string[] }> {
  const now = nowUtc(at);
  const orders = await trx('orders')
    .whereIn('order_id', orderIds)
    .update({ ...ANONYMISED_ORDER_COLUMNS, anonymised_at: now, updated_at: now, version: trx.raw('version + 1') });
  const documents: Array<{ storage_key: string }> = await trx('uploaded_documents')
    .whereIn('order_id', orderIds)
    .whereNot('storage_key', '')
    .select('storage_key');
  await trx('uploaded_documents')
    .whereIn('order_id', orderIds)
    .update({ storage_key: '', original_name: null, customer_name: null });
  const downloads = await trx('download_history')
    .whereIn('order_id', orderIds)
    .update(Object.fromEntries(ANONYMISED_DOWNLOAD_COLUMNS.map((c) => [c, null])));
  await trx('mail_events')
    .whereIn('mail_id', (q) => q.from('mail_outbox').whereIn('order_id', orderIds).select('id'))
    .update({ detail: null });
  const mails = await trx('mail_outbox')
    .whereIn('order_id', orderIds)
    .update({ to_email: '', payload: '{}', bounce_reason: null, last_error: null });
  // By field, then order: the key of order_values (a lookup by order alone would read every field's rows).
  const customValues = customFieldIds.length
    ? await trx('order_values').whereIn('field_id', customFieldIds).whereIn('order_id', orderIds).del()
    : 0;
  return {
    counts: { orders, documents: documents.length, downloads, mails, customValues },
    storageKeys: documents.map((d) => d.storage_key),
  };
}

/** Everything stored of these orders, by table, for a customer's export. */
export async function recordsOfOrders(db: Db, orderIds: number[]) {
  const [orders, remarks, documents, downloads, mails, auditEvents] = await Promise.all([
    db('orders').whereIn('order_id', orderIds).orderBy('order_id'),
    db('remarks').whereIn('order_id', orderIds).orderBy('id'),
    db('uploaded_documents').whereIn('order_id', orderIds).orderBy('id'),
    db('download_history').whereIn('order_id', orderIds).orderBy('id'),
    db('mail_outbox').whereIn('order_id', orderIds).orderBy('id'),
    db('audit_events').whereIn('order_id', orderIds).orderBy('id'),
  ]);
  return { orders, remarks, documents, downloads, mails, auditEvents };
}
