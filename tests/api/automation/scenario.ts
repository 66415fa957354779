import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';

/**
 * What automation's scenarios share: each takes orders of its own, renamed `name` so that only its
 * rules' conditions (`{full_name: name}`) pick them.
 */

/** Unassigned New orders no scenario took yet, renamed `name`. */
export async function takeOrders(t: TestApp, count: number, name: string, taken: string): Promise<number[]> {
  const ids: number[] = (
    await t
      .db('orders')
      .where({ process_status: 'New' })
      .whereNull('assignee_id')
      .whereNot('full_name', 'like', `${taken}%`)
      .orderBy('order_id')
      .limit(count)
      .pluck('order_id')
  ).map(Number);
  await t.db('orders').whereIn('order_id', ids).update({ full_name: name });
  return ids;
}

/** A rule made through the API by the Admin whose token is given. */
export async function createRule(t: TestApp, token: string, body: object) {
  const res = await t.call(token, { method: 'POST', url: '/api/automation-rules', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number };
}
