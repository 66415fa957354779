import type { Knex } from 'knex';
import { nowUtc } from '@app/domain';
import type { Member } from '../../types.js';
import type { TableRecords } from '../../db/list.js';
import { withTransactionRetry } from '../../db/retry.js';
import { appendToChain } from './chain.js';

export interface AuditEvent {
  action: string;
  orderId?: number | null;
  from?: string | null;
  to?: string | null;
  detail?: string | null;
  /** When it happened (a UTC DB datetime); now by default. Seeds give past times. */
  at?: string;
}

/** Where each database's events are also written as JSON lines (AUDIT_LOG_STDOUT), set by the audit plugin. */
const shipped = new WeakMap<object, (line: string) => void>();

/** Every event written through `db` is also written as one JSON line to `write`, once its transaction commits. */
export const shipAuditEvents = (db: Knex, write: (line: string) => void) =>
  shipped.set(db.client.config as object, write);

/**
 * Writes who did what, when, from and to (docs/product.md#audit-log), linked into the audit chain (chain.ts). Call it
 * with the transaction that makes the change, so that the change and its record land together or not at all;
 * given no transaction, it makes one (retried if another writer took the head first, as on two Galera nodes).
 */
export async function recordAudit(
  trx: Knex | Knex.Transaction,
  member: Pick<Member, 'id' | 'name'> | null,
  events: AuditEvent[],
): Promise<void> {
  if (!events.length) return;
  if (!trx.isTransaction) return withTransactionRetry(trx, (inner) => recordAudit(inner, member, events));
  const now = nowUtc();
  const rows = await appendToChain(
    trx as Knex.Transaction,
    events.map((e) => ({
      member_id: member?.id ?? null,
      member_name: member?.name ?? null,
      action: e.action,
      order_id: e.orderId ?? null,
      from_value: e.from ?? null,
      to_value: e.to ?? null,
      detail: e.detail ?? null,
      created_at: e.at ?? now,
    })),
  );
  await trx('audit_events').insert(rows);
  const write = shipped.get(trx.client.config as object);
  if (write)
    void (trx as Knex.Transaction).executionPromise.then(
      () => rows.forEach((row) => write(JSON.stringify({ type: 'audit-event', ...row }))),
      () => undefined,
    );
}

/** Audit events as records of the audit-events resource (the Audit Log). */
export const auditRecords: TableRecords = {
  from: (db) => db('audit_events as a'),
  columns: () => ['a.*'],
  alias: 'a',
};

/** The newest audit event of an order: who changed it last, and how. */
export const lastAuditEventOf = (
  db: Knex | Knex.Transaction,
  orderId: number,
): Promise<{ member_name: string | null; action: string; to_value: string | null } | undefined> =>
  db('audit_events').where({ order_id: orderId }).orderBy('id', 'desc').first('member_name', 'action', 'to_value');

/** An audit event of an order as its history reads it. */
export interface OrderAuditRow {
  id: number;
  created_at: string;
  member_name: string | null;
  action: string;
  from_value: string | null;
  to_value: string | null;
  detail: string | null;
}

/** An order's audit events, newest first, at most `limit` (the order_id/id index). */
export const orderAuditEvents = (db: Knex, orderId: number, limit: number): Promise<OrderAuditRow[]> =>
  db('audit_events')
    .where({ order_id: orderId })
    .orderBy('id', 'desc')
    .limit(limit)
    .select('id', 'created_at', 'member_name', 'action', 'from_value', 'to_value', 'detail');

/** One audit event of an order, if it is that order's. */
export const orderAuditEvent = (db: Knex, orderId: number, id: number): Promise<OrderAuditRow | undefined> =>
  db('audit_events')
    .where({ order_id: orderId, id })
    .first('id', 'created_at', 'member_name', 'action', 'from_value', 'to_value', 'detail');

/** The status each of these orders had before its latest delete, from the trail; orders without one are left out. */
export async function statusesBeforeDelete(
  db: Knex | Knex.Transaction,
  orderIds: number[],
): Promise<Map<number, string>> {
  const deletes: Array<{ order_id: number; from_value: string | null }> = await db('audit_events')
    .whereIn('order_id', orderIds)
    .where({ action: 'delete' })
    .orderBy('id', 'desc')
    .select('order_id', 'from_value');
  const before = new Map<number, string>();
  for (const row of deletes) {
    if (row.from_value && !before.has(Number(row.order_id))) before.set(Number(row.order_id), row.from_value);
  }
  return before;
}
