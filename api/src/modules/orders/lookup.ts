import type { Knex } from 'knex';
import { mayReadField, type Registry, type Role } from '@app/domain';
import { likePrefix } from '../../db/list.js';
import { recordForRole } from './visibleFields.js';

/**
 * Search everywhere's orders: the text looked up in each order field it could be, each an index range
 * (exactly, or by its start) and only in fields the role may read, so neither the matches nor their order
 * tell a hidden value.
 */

/** Matches each lookup reads, and orders answered. */
const PER_LOOKUP = 10;
const MAX_ORDERS = 20;

/** What an order found answers (each kept only if the role may read it). */
const ANSWER_COLUMNS = [
  'order_id',
  'full_name',
  'email',
  'passport_number',
  'phone_number',
  'transaction_id',
  'process_status',
  'processing_mode',
  'assign_to',
] as const;

/** A field an order can be found by: the text shapes it takes, and the value looked up. */
interface Lookup {
  source: string;
  takes: (text: string) => boolean;
  /** 'exact' for the order id; others by their start. */
  exact?: boolean;
  value?: (text: string) => string;
}

const NAME = /^[\p{L}\p{M}' -]+$/u;
/** In the order a person would want them first: an id or a document number names one order. */
const LOOKUPS: readonly Lookup[] = [
  { source: 'order_id', takes: (t) => /^\d{1,15}$/.test(t), exact: true },
  { source: 'passport_number', takes: (t) => /^[A-Za-z0-9]{3,32}$/.test(t) },
  {
    source: 'phone_number',
    takes: (t) => /^\+?[\d ().-]{4,40}$/.test(t) && t.replace(/\D/g, '').length >= 4,
    value: (t) => t.replace(/\D/g, ''),
  },
  { source: 'transaction_id', takes: (t) => /^[\w.-]{4,100}$/.test(t) },
  { source: 'email', takes: (t) => /^\S{2,191}$/.test(t) },
  { source: 'contact_email_address', takes: (t) => /^\S{2,191}$/.test(t) && t.includes('@') },
  { source: 'full_name', takes: (t) => NAME.test(t) && t.includes(' ') },
  { source: 'first_name', takes: (t) => NAME.test(t) && !t.includes(' ') && t.length >= 2 },
  { source: 'last_name', takes: (t) => NAME.test(t) && !t.includes(' ') && t.length >= 2 },
];

/** Orders matching `text` in the fields `role` may read, each with the field it matched by (`matched`). */
export async function lookUpOrders(db: Knex, registry: Registry, role: Role, text: string) {
  const fields = registry.orders?.fields ?? [];
  const readable = (source: string) => fields.some((f) => f.source === source && mayReadField(f, role));
  const lookups = LOOKUPS.filter((l) => readable(l.source) && l.takes(text));
  const found = await Promise.all(
    lookups.map((lookup) => {
      const value = lookup.value?.(text) ?? text;
      const query = db('orders').limit(PER_LOOKUP);
      // Ordered by the looked-up column itself, so the index range is read from its start and stops at the limit.
      return (
        lookup.exact
          ? query.where('order_id', Number(value))
          : query.whereRaw(`?? LIKE ? ESCAPE '!'`, [lookup.source, likePrefix(value)]).orderBy(lookup.source)
      ).pluck('order_id');
    }),
  );
  const matchedBy = new Map<number, string>();
  found.forEach((ids, i) => {
    for (const id of ids) if (!matchedBy.has(Number(id))) matchedBy.set(Number(id), lookups[i]!.source);
  });
  const ids = [...matchedBy.keys()].slice(0, MAX_ORDERS);
  if (!ids.length) return [];
  const rows: Array<Record<string, unknown>> = await db('orders').whereIn('order_id', ids).select(ANSWER_COLUMNS);
  const byId = new Map(rows.map((row) => [Number(row.order_id), row]));
  // The answer's own addition, beside the fields the role reads: which field it was found by.
  const visible = recordForRole(registry, 'orders', role, ['id', 'matched']);
  return ids.map((id) => visible({ ...byId.get(id)!, matched: matchedBy.get(id) }));
}
