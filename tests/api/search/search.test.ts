import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

/**
 * Search everywhere (GET /api/search): orders by id, email, name, passport, phone and transaction id,
 * members and screens, each only where the role may read; the lookups are index ranges (EXPLAIN on MySQL).
 */
describe.each(dialects())('search everywhere on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let order: Record<string, unknown>;
  const search = (role: string, q: string) =>
    t.call(tokens[role]!, { method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
  const ordersFound = async (role: string, q: string) => {
    const res = await search(role, q);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.orders as Array<Record<string, unknown>>;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ tokens } = await signInDemoAccounts(t));
    order = await t
      .db('orders')
      .whereNotNull('passport_number')
      .whereNotNull('transaction_id')
      .orderBy('order_id')
      .first();
    // Values no other order shares, so each lookup names this order alone.
    await t.db('orders').where({ order_id: order.order_id }).update({
      passport_number: 'ZQ7788990',
      phone_number: '8877665544',
      transaction_id: 'ch_unique_4242',
      first_name: 'Quennell',
      last_name: 'Abernathy',
      full_name: 'Quennell Abernathy',
      email: 'quennell.abernathy@example.test',
    });
  });
  afterAll(() => t?.close());

  it('finds an order by each of its ways, saying which field matched', async () => {
    const id = Number(order.order_id);
    const cases: Array<[string, string]> = [
      [String(id), 'order_id'],
      ['ZQ7788990', 'passport_number'],
      ['zq77889', 'passport_number'],
      ['887766', 'phone_number'],
      ['ch_unique_42', 'transaction_id'],
      ['quennell.ab', 'email'],
      ['Quennell Aber', 'full_name'],
      ['Abernat', 'last_name'],
    ];
    for (const [q, matched] of cases) {
      const found = await ordersFound('telecaller', q);
      expect(
        found.find((o) => Number(o.order_id) === id),
        q,
      ).toMatchObject({ order_id: id, matched });
    }
    // A "%" or "_" is text, not a wildcard.
    expect(await ordersFound('admin', '%')).toEqual([]);
  });

  it('searches and answers only the fields the role may read', async () => {
    const hide = await t.call(tokens.admin!, {
      method: 'PUT',
      url: '/api/order-fields/passport_number',
      payload: { readRoles: ['Admin', 'Manager'] },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    try {
      expect(await ordersFound('telecaller', 'ZQ7788990')).toEqual([]);
      const byName = await ordersFound('telecaller', 'Quennell Abernathy');
      expect(byName.length).toBeGreaterThan(0);
      for (const found of byName) expect(found).not.toHaveProperty('passport_number');
      expect((await ordersFound('manager', 'ZQ7788990'))[0]).toMatchObject({ passport_number: 'ZQ7788990' });
      // The registry's own rule: payment facts are hidden from Team; an order answered never carries them.
      for (const found of await ordersFound('team', 'Quennell')) expect(found).not.toHaveProperty('amount');
    } finally {
      await t.call(tokens.admin!, {
        method: 'PUT',
        url: '/api/order-fields/passport_number',
        payload: { readRoles: ['Admin', 'Manager', 'Team', 'Telecaller', 'Night Staff'] },
      });
    }
  });

  it('finds members only for the roles that manage the team, and the screens each role may open', async () => {
    const asManager = (await search('manager', 'team')).json().data;
    expect(asManager.members.map((m: { email: string }) => m.email)).toContain('team@demo.test');
    for (const member of asManager.members) expect(Object.keys(member).sort()).toEqual(['email', 'id', 'name', 'type']);
    expect((await search('night', 'team')).json().data.members).toEqual([]);

    const screens = async (role: string, q: string) =>
      (await search(role, q)).json().data.screens.map((s: { name: string }) => s.name);
    expect(await screens('admin', 'order')).toEqual(expect.arrayContaining(['newOrder', 'allOrder', 'deletedOrder']));
    // Order History is closed to a Telecaller: neither opened nor found.
    expect(await screens('telecaller', 'order history')).toEqual([]);
    expect(await screens('team', 'order history')).toEqual(['allOrder']);
  });

  it('refuses an empty or long query by name, and asks for a token', async () => {
    expect((await search('admin', '')).statusCode).toBe(400);
    expect((await search('admin', '   ')).json().message).toBe('Please enter something to search.');
    const long = await search('admin', 'x'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/q/);
    expect((await t.call(null, { method: 'GET', url: '/api/search?q=abc' })).statusCode).toBe(401);
  });

  // SQLite's LIKE is case-blind over BINARY columns, so it cannot take an index range there: MySQL alone.
  if (dialect === 'mysql')
    it('looks each order field up through an index, never a scan', async () => {
      for (const [column, value] of <Array<[string, string]>>[
        ['passport_number', 'ZQ77%'],
        ['phone_number', '8877%'],
        ['transaction_id', 'ch_u%'],
        ['email', 'quen%'],
        ['first_name', 'Quen%'],
        ['last_name', 'Aber%'],
        ['full_name', 'Quennell A%'],
      ]) {
        const [plan] = await t.db.raw(
          `EXPLAIN SELECT order_id FROM orders WHERE ?? LIKE ? ESCAPE '!' ORDER BY ?? LIMIT 10`,
          [column, value, column],
        );
        expect(plan[0].type, column).toBe('range');
        expect(plan[0].key, column).toBeTruthy();
      }
    });
});
