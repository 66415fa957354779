import type { FastifyInstance } from 'fastify';
import { customTypeOf, mayReadField, type FieldDefinition, type Role } from '@app/domain';
import { badRequest, forbidden, notFound } from '../../http.js';
import type { Member } from '../../types.js';
import { orderAuditEvent, orderAuditEvents, type OrderAuditRow } from '../audit/service.js';
import { setOrderValues } from './change.js';
import { checkGivenValue } from './customFields.js';
import { findOrder } from './repo.js';

/**
 * An order's history as changes: its audit events, each with the fields it changed from → to. A value the
 * reader's role may not read (or of a field since removed) is listed without its values, as the Audit Log
 * keeps them; a custom value's change is revertible by a member whose role may edit the field.
 */

export interface FieldChange {
  field: string;
  from?: unknown;
  to?: unknown;
  /** The reader may not read this field's values. */
  hidden?: true;
  /** The reader may set the field back to `from` (POST .../revert). */
  revertible?: true;
}

export interface HistoryEntry {
  id: number;
  at: string;
  by: string | null;
  action: string;
  changes: FieldChange[];
  /** A comment's text. */
  note?: string;
}

/** The newest events a history answers: far more than an order gathers in its life. */
const HISTORY_LIMIT = 500;

/** The order field an action changes, for the events that keep its from and to in their columns. */
const FIELD_OF_ACTION: Readonly<Record<string, string>> = {
  assign: 'assign_to',
  unassign: 'assign_to',
  move: 'process_status',
  delete: 'process_status',
  restore: 'process_status',
  refund: 'process_status',
  upload: 'process_status',
  'transaction-details': 'transaction_id',
};

/** A custom value's event detail: {field, from, to} (change.ts writeValues). */
function valueChangeOf(event: OrderAuditRow): { field: string; from: unknown; to: unknown } | undefined {
  if (event.action !== 'field' || !event.detail) return undefined;
  try {
    const detail = JSON.parse(event.detail) as { field?: unknown; from?: unknown; to?: unknown };
    return typeof detail.field === 'string' ? { field: detail.field, from: detail.from, to: detail.to } : undefined;
  } catch {
    return undefined;
  }
}

const mayEdit = (field: FieldDefinition, role: Role) =>
  !!field.custom && mayReadField(field, role) && !!field.editRoles?.includes(role);

/** One event as a history entry, for a reader of role `role`. */
function entryOf(event: OrderAuditRow, fields: Map<string, FieldDefinition>, role: Role): HistoryEntry {
  const entry: HistoryEntry = {
    id: Number(event.id),
    at: event.created_at,
    by: event.member_name,
    action: event.action,
    changes: [],
  };
  const value = valueChangeOf(event);
  const source = value?.field ?? FIELD_OF_ACTION[event.action];
  if (source) {
    const field = fields.get(source);
    if (!field || !mayReadField(field, role)) entry.changes.push({ field: source, hidden: true });
    else
      entry.changes.push({
        field: source,
        from: value ? (value.from ?? null) : event.from_value,
        to: value ? (value.to ?? null) : event.to_value,
        ...(value && mayEdit(field, role) ? { revertible: true as const } : {}),
      });
  }
  if (event.action === 'comment' && event.detail) entry.note = event.detail;
  return entry;
}

/** GET /api/orders/:id/history: the order's changes, newest first, as the member's role may read them. */
export async function orderHistory(app: FastifyInstance, member: Member, orderId: number): Promise<HistoryEntry[]> {
  if (!(await findOrder(app.db, orderId))) throw notFound('Order not found.');
  const fields = new Map((app.registry.orders?.fields ?? []).map((f) => [f.source, f]));
  const events = await orderAuditEvents(app.db, orderId, HISTORY_LIMIT);
  return events.map((event) => entryOf(event, fields, member.type));
}

/**
 * Sets a custom field back to the value it had before one change of the order's history, through the one
 * change path (the version the member saw is checked). Answers the order's new version.
 */
export async function revertChange(
  app: FastifyInstance,
  member: Member,
  orderId: number,
  eventId: number,
  seenVersion: number | undefined,
): Promise<number> {
  const event = await orderAuditEvent(app.db, orderId, eventId);
  if (!event) throw notFound('This order has no such change.');
  const value = valueChangeOf(event);
  if (!value) throw badRequest("Only a change of a field's value can be reverted.");
  const field = app.registry.orders?.fields.find((f) => f.custom && f.source === value.field);
  if (!field || !mayReadField(field, member.type)) throw badRequest('This field is no longer on the order.');
  const label = field.labelText?.en ?? field.source;
  if (!mayEdit(field, member.type)) throw forbidden(`You may not change ${label}.`);
  const before = checkGivenValue(field, value.from ?? null);
  await setOrderValues(
    app.db,
    member,
    orderId,
    [{ field: field.source, type: customTypeOf(field), value: before }],
    seenVersion,
  );
  return Number((await findOrder(app.db, orderId))!.version);
}
