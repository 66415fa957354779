import { DATE_FORMATS, formatUtc } from './dates.js';
import { can } from './roles.js';
import type { Status } from './statuses.js';

/** What the order rules read of an order (a locked row in the API, a record in the admin). */
export interface OrderRuleFacts {
  order_id: number | string;
  process_status: string;
  assignee_id?: number | string | null;
  assign_to?: string | null;
  /** Set once "Refunded it" recorded the refund. */
  refund_date?: string | null;
}

/** Who acts: the member's id and role. */
export interface OrderActor {
  id: number;
  type: string | null | undefined;
}

/**
 * Why a member may not do something to an order: the HTTP status the API refuses with (403: never for
 * this role, so the admin hides the button; 409: not in this order's state, so it shows disabled with
 * the message) and the message itself.
 */
export interface OrderRefusal {
  status: 400 | 403 | 409;
  message: string;
}

/** An order held by someone else is theirs to change; Admin and Manager may override. */
function heldByAnother(actor: OrderActor, order: OrderRuleFacts): OrderRefusal | null {
  if (order.assignee_id == null || Number(order.assignee_id) === actor.id || can(actor.type, 'orders.delete')) {
    return null;
  }
  return { status: 409, message: `Order ${order.order_id} is assigned to ${order.assign_to}.` };
}

/** A move to one of the eight targets (docs/product.md#moves), Delete included; null when the member may. */
export function moveRefusal(actor: OrderActor, order: OrderRuleFacts, to: Status): OrderRefusal | null {
  if (to === 'Deleted' && !can(actor.type, 'orders.delete')) {
    return { status: 403, message: 'Only an Admin or a Manager can delete orders.' };
  }
  if (order.process_status === 'Deleted' && !can(actor.type, 'orders.delete')) {
    return { status: 403, message: 'Only an Admin or a Manager can restore deleted orders.' };
  }
  return heldByAnother(actor, order);
}

/** Restore to where it was: a Deleted order back to its status before the delete. */
export function restoreRefusal(actor: OrderActor, order: OrderRuleFacts): OrderRefusal | null {
  if (!can(actor.type, 'orders.delete')) {
    return { status: 403, message: 'Only an Admin or a Manager can restore deleted orders.' };
  }
  if (order.process_status !== 'Deleted') return { status: 409, message: `Order ${order.order_id} is not deleted.` };
  return null;
}

/**
 * Refunded it: once per order. The refund date says it was recorded; an order filed under Refunds by
 * "Completed Refunds" has none yet and takes it (docs/decisions/refund-once.md).
 */
export function refundRefusal(actor: OrderActor, order: OrderRuleFacts): OrderRefusal | null {
  if (order.refund_date) {
    const when = formatUtc(order.refund_date, DATE_FORMATS.queueTable);
    return { status: 409, message: `Order ${order.order_id} was already refunded on ${when} UTC.` };
  }
  if (order.process_status === 'Deleted') return { status: 409, message: `Order ${order.order_id} is deleted.` };
  return heldByAnother(actor, order);
}

/** Assign to me: first come; a Deleted order is not worked. */
export function assignRefusal(actor: OrderActor, order: OrderRuleFacts): OrderRefusal | null {
  if (order.assignee_id != null && Number(order.assignee_id) !== actor.id) {
    return { status: 409, message: `Order ${order.order_id} is already assigned to ${order.assign_to}.` };
  }
  if (order.process_status === 'Deleted') return { status: 400, message: `Order ${order.order_id} is deleted.` };
  return null;
}

/** Move to Original Folder: only the member holding the order hands it back. */
export function unassignRefusal(actor: OrderActor, order: OrderRuleFacts): OrderRefusal | null {
  if (order.assignee_id == null || Number(order.assignee_id) === actor.id) return null;
  return {
    status: 403,
    message: `Order ${order.order_id} is assigned to ${order.assign_to}; only they can move it back.`,
  };
}
