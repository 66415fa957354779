import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, makeOrder } from '../../../seeds/generator.js';
import { recountOrderCounters } from '../../../api/src/modules/orders/counters.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

/**
 * Name search reads the distinct names under a prefix, then each name's newest orders; a prefix with
 * more than 50 names walks the newest orders instead. Either way the answer is the newest matches
 * of one ordered read, whatever how common the name.
 */
describe.each(dialects())('name search on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  const search = async (searchVal: string, start = 0, end = 20) =>
    (
      await t.call(token, {
        method: 'POST',
        url: '/api/admin/search-order',
        payload: { folderName: 'allOrder', searchVal, start, end },
      })
    ).json() as { data: Array<{ order_id: number }>; total: number };
  /** Orders not Deleted whose first or last name starts with `prefix` (any case), newest first. */
  const reference = async (prefix: string) =>
    (
      await t
        .db('orders')
        .whereNot('process_status', 'Deleted')
        .where((w) =>
          w
            .whereRaw('LOWER(first_name) LIKE ?', [`${prefix.toLowerCase()}%`])
            .orWhereRaw('LOWER(last_name) LIKE ?', [`${prefix.toLowerCase()}%`]),
        )
        .orderBy('order_id', 'desc')
        .pluck('order_id')
    ).map(Number);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await t.login('admin@demo.test');
    const rng = createRng(29);
    const first = Number((await t.db('orders').max({ m: 'order_id' }).first())!.m) + 1;
    // A very common first name, a last name in another case, and 60 rare names under one prefix.
    const letter = (n: number) => String.fromCharCode(97 + (n % 26));
    const names = (i: number): [string, string] =>
      i % 3 === 0
        ? ['Xanthe', rng.pick(['Moss', 'Reed'])]
        : i % 3 === 1
          ? ['Ruth', 'xanthos']
          : [`Xyl${letter(i)}${letter(Math.floor(i / 26))}`, 'Hale'];
    const orders = Array.from({ length: 600 }, (_, i) => {
      const [firstName, lastName] = names(i);
      return {
        ...makeOrder(rng, first + i, Date.now() - (600 - i) * 60_000),
        first_name: firstName,
        last_name: lastName,
        full_name: `${firstName} ${lastName}`,
        process_status: rng.pick(['Completed', 'Completed', 'Deleted', 'New']),
      };
    });
    await t.db.batchInsert('orders', orders, 50);
    await recountOrderCounters(t.db);
  });
  afterAll(() => t?.close());

  it.each(['Xanthe', 'xanthe', 'Xan', 'xanthos', 'Xyl'])(
    '"%s" finds the newest first- and last-name matches',
    async (text) => {
      const expected = await reference(text);
      expect(expected.length).toBeGreaterThan(60);
      const res = await search(text);
      expect(res.data.map((o) => Number(o.order_id))).toEqual(expected.slice(0, 20));
      expect(res.total).toBe(expected.length);
      const later = await search(text, 40, 60);
      expect(later.data.map((o) => Number(o.order_id))).toEqual(expected.slice(40, 60));
    },
  );

  it('reads a text with a space as the start of a full name', async () => {
    const expected = (
      await t
        .db('orders')
        .whereNot('process_status', 'Deleted')
        .where('full_name', 'Ruth xanthos')
        .orderBy('order_id', 'desc')
        .pluck('order_id')
    ).map(Number);
    expect(expected.length).toBeGreaterThan(20);
    const res = await search('Ruth Xanth');
    expect(res.data.map((o) => Number(o.order_id))).toEqual(expected.slice(0, 20));
    expect(res.total).toBe(expected.length);
  });
});
