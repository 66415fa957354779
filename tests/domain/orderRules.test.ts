import { describe, expect, it } from 'vitest';
import {
  assignRefusal,
  moveRefusal,
  orderAgeMinutes,
  refundRefusal,
  restoreRefusal,
  unassignRefusal,
} from '@app/domain';

const manager = { id: 2, type: 'Manager' };
const team = { id: 3, type: 'Team' };
const free = { order_id: 7, process_status: 'Awaiting', assignee_id: null, assign_to: null };
const heldByManager = { ...free, assignee_id: 2, assign_to: 'Demo Manager' };
const deleted = { ...free, process_status: 'Deleted' };

/** The order rules the API enforces and the admin reads to show only what a member may do. */
describe('order rules', () => {
  it('lets Team move a free order, refuses Delete (403) and an order another holds (409, naming them)', () => {
    expect(moveRefusal(team, free, 'Completed')).toBeNull();
    expect(moveRefusal(team, free, 'Deleted')?.status).toBe(403);
    expect(moveRefusal(team, heldByManager, 'Completed')).toEqual({
      status: 409,
      message: 'Order 7 is assigned to Demo Manager.',
    });
    expect(moveRefusal(manager, { ...free, assignee_id: 3, assign_to: 'Demo Team' }, 'Completed')).toBeNull();
  });

  it('restores only Deleted orders, for Admin and Manager', () => {
    expect(restoreRefusal(manager, deleted)).toBeNull();
    expect(restoreRefusal(team, deleted)?.status).toBe(403);
    expect(moveRefusal(team, deleted, 'Completed')?.status).toBe(403);
    expect(restoreRefusal(manager, free)).toEqual({ status: 409, message: 'Order 7 is not deleted.' });
  });

  it('refunds once: an order with a refund date refuses, naming when; one filed under Refunds without takes it', () => {
    expect(refundRefusal(team, { ...free, process_status: 'Refunds', refund_date: null })).toBeNull();
    expect(refundRefusal(team, { ...free, process_status: 'Refunds', refund_date: '2026-11-25 07:07:11' })).toEqual({
      status: 409,
      message: 'Order 7 was already refunded on 25/11/2026 07:07 UTC.',
    });
    expect(refundRefusal(manager, deleted)?.status).toBe(409);
  });

  it('assigns first come and hands back only by the holder', () => {
    expect(assignRefusal(team, free)).toBeNull();
    expect(assignRefusal(team, heldByManager)?.message).toBe('Order 7 is already assigned to Demo Manager.');
    expect(unassignRefusal(manager, heldByManager)).toBeNull();
    expect(unassignRefusal(team, heldByManager)?.status).toBe(403);
  });
});

describe('order age', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it('runs from payment until now, and stops when the work was done', () => {
    const paid = { process_status: 'New', processing_mode: 'Standard', paid_at: '2026-11-25 10:00:00' };
    expect(orderAgeMinutes(paid, now)).toBe(120);
    expect(orderAgeMinutes({ ...paid, process_status: 'Completed', finished_at: '2026-11-25 10:45:30' }, now)).toBe(45);
    expect(orderAgeMinutes({ ...paid, paid_at: null }, now)).toBeNull();
  });
});
