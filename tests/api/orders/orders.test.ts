import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayjs, encodeId, matchesQueue, nowUtc, QUEUES, todayUtc, type QueueFacts } from '@app/domain';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { readCounters, recountOrderCounters } from '../../../api/src/modules/orders/counters.js';
import { hashPassword } from '../../../api/src/core/passwords.js';
import { searchQueue, SEARCH_TOTAL_CAP } from '../../../api/src/modules/orders/service.js';

interface OrderFactsRow {
  order_id: number;
  process_status: string;
  processing_mode: string;
  assignee_id: number | null;
  processing_date: string | null;
}

describe.each(dialects())('orders API on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const demo = await signInDemoAccounts(t);
    Object.assign(tokens, demo.tokens);
    Object.assign(ids, demo.ids);
  });
  afterAll(() => t?.close());

  const get = (role: string, url: string) => t.call(tokens[role]!, { method: 'GET', url });
  const put = (role: string, url: string, payload: object) => t.call(tokens[role]!, { method: 'PUT', url, payload });
  const post = (role: string, url: string, payload: object) => t.call(tokens[role]!, { method: 'POST', url, payload });

  const facts = (o: OrderFactsRow): QueueFacts => ({
    status: o.process_status,
    mode: o.processing_mode,
    assigneeId: o.assignee_id == null ? null : Number(o.assignee_id),
    processingDate: o.processing_date,
  });
  /** The ids of a queue, newest first, straight from the orders table: the reference the API must match. */
  const referenceIds = async (orderName: string, memberId: number) => {
    const queue = QUEUES.find((q) => q.orderName === orderName)!;
    const rows: OrderFactsRow[] = await t
      .db('orders')
      .select('order_id', 'process_status', 'processing_mode', 'assignee_id', 'processing_date')
      .orderBy('order_id', 'desc');
    return rows
      .filter((o) => matchesQueue(queue.filter, facts(o), memberId, todayUtc()))
      .map((o) => Number(o.order_id));
  };
  const order = (id: number) => t.db('orders').where({ order_id: id }).first();
  /** A fresh New Standard order nobody holds, from the New Orders queue. */
  const freeNewOrder = async (skip = 0) => {
    const row = await t
      .db('orders')
      .where({ process_status: 'New', processing_mode: 'Standard' })
      .whereNull('assignee_id')
      .where('processing_date', '<=', todayUtc())
      .orderBy('order_id', 'desc')
      .offset(skip)
      .first();
    return Number(row.order_id);
  };

  it('answers every folder count as the orders table does, per member', async () => {
    for (const role of ['admin', 'team']) {
      const res = await get(role, '/api/admin/get-folder-count?userName=whoever');
      expect(res.statusCode).toBe(200);
      const counts = res.json().data;
      for (const queue of QUEUES) {
        expect(counts[queue.countField], queue.countField).toBe(
          (await referenceIds(queue.orderName, ids[role]!)).length,
        );
      }
    }
    const counts = (await get('admin', '/api/admin/get-folder-count')).json().data;
    expect(counts.myOrdersCount).toBeGreaterThan(0);
    expect(counts.futureOrdersCount).toBe(60);
    expect(counts.deletedOrdersCount).toBe(20);
  });

  it('lists every queue newest first, in pages, with the queue total', async () => {
    for (const queue of QUEUES) {
      const expected = await referenceIds(queue.orderName, ids.admin!);
      const url = `/api/admin/get-orders-list/${queue.orderName}?limit=10&delay=1&userName=Demo%20Admin`;
      const first = await get('admin', `${url}&page=1`);
      const second = await get('admin', `${url}&page=2`);
      expect(first.statusCode, queue.orderName).toBe(200);
      const body = first.json();
      expect(body.status).toBe(1);
      expect(body.total).toBe(expected.length);
      const shown = [...body.data, ...second.json().data].map((o: { order_id: number }) => Number(o.order_id));
      expect(shown, queue.orderName).toEqual(expected.slice(0, 20));
      if (body.data.length) expect(body.data[0]).toHaveProperty('assign_to');
    }
  });

  it('sorts by an allowed column and pages deep without gaps', async () => {
    const all = await referenceIds('completedOrder', ids.admin!);
    const res = await get('admin', '/api/admin/get-orders-list/completedOrder?page=3&limit=25&sort=order_id&order=ASC');
    expect(res.json().data.map((o: { order_id: number }) => Number(o.order_id))).toEqual(
      [...all].reverse().slice(50, 75),
    );
    // Names sort by the database's own collation, which differs between SQLite and MySQL.
    const byName = await get('admin', '/api/admin/get-orders-list/completedOrder?limit=100&sort=full_name&order=desc');
    const expected = await t
      .db('orders')
      .where({ process_status: 'Completed' })
      .orderBy([
        { column: 'full_name', order: 'desc' },
        { column: 'order_id', order: 'desc' },
      ])
      .pluck('order_id');
    expect(byName.json().data.map((o: { order_id: number }) => Number(o.order_id))).toEqual(expected.map(Number));
  });

  it('groups Future Orders into twelve months from this one and lists one month', async () => {
    const res = await get('team', '/api/admin/get-future-order-months');
    expect(res.statusCode).toBe(200);
    const months: Array<{ month: string; label: string; count: number }> = res.json().data;
    expect(months).toHaveLength(12);
    expect(months[0]!.month).toBe(todayUtc().slice(0, 7));
    expect(months[1]!.label).toBe(dayjs.utc().startOf('month').add(1, 'month').format('MMMM YYYY'));
    const future: string[] = await t
      .db('orders')
      .where({ process_status: 'New' })
      .where('processing_date', '>', todayUtc())
      .pluck('processing_date');
    for (const m of months) {
      expect(m.count, m.month).toBe(future.filter((date) => String(date).startsWith(m.month)).length);
    }

    const busiest = [...months].sort((x, y) => y.count - x.count)[0]!;
    const one = (await get('team', `/api/admin/get-orders-list/futureOrder?month=${busiest.month}&limit=500`)).json();
    expect(one).toMatchObject({ status: 1, total: busiest.count, page: 1, limit: 500 });
    expect(one.data).toHaveLength(busiest.count);
    for (const o of one.data) expect(String(o.processing_date).slice(0, 7)).toBe(busiest.month);

    const other = await get('team', `/api/admin/get-orders-list/newOrder?month=${busiest.month}`);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('month is only for futureOrder.');
  });

  it('keeps Order History from Telecallers and every queue from strangers', async () => {
    expect((await get('telecaller', '/api/admin/get-orders-list/allOrder')).statusCode).toBe(403);
    expect(
      (await post('telecaller', '/api/admin/search-order', { folderName: 'allOrder', searchVal: 'a' })).statusCode,
    ).toBe(403);
    expect((await get('night', '/api/admin/get-orders-list/allOrder')).statusCode).toBe(200);
    const anonymous = await t.call(null, { method: 'GET', url: '/api/admin/get-orders-list/newOrder' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().status).toBe(401);
  });

  it.each([
    ['/api/admin/get-orders-list/nope', /Unknown queue/],
    ['/api/admin/get-orders-list/newOrder?limit=501', /limit/],
    ['/api/admin/get-orders-list/newOrder?page=0', /page/],
    ['/api/admin/get-orders-list/newOrder?page=abc', /page/],
    ['/api/admin/get-orders-list/newOrder?sort=password_hash', /sort/],
    ['/api/admin/get-orders-list/futureOrder?month=2025-13', /month must be YYYY-MM/],
    ["/api/admin/get-orders-list/futureOrder?month=2025-01' OR 1=1", /month must be YYYY-MM/],
    ['/api/admin/get-orders-details/not-an-id!', /Invalid order id/],
  ])('refuses bad list input %s', async (url, message) => {
    const res = await get('admin', url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, message: expect.stringMatching(message) });
  });

  it('searches a queue by order id, email prefix and name prefix', async () => {
    const completed = await t.db('orders').where({ process_status: 'Completed' }).orderBy('order_id').first();
    const search = async (folderName: string, searchVal: string, start = 0, end = 100) =>
      (await post('admin', '/api/admin/search-order', { folderName, searchVal, start, end })).json();

    const byId = await search('completedOrder', String(completed.order_id));
    expect(byId.data.map((o: { order_id: number }) => Number(o.order_id))).toEqual([Number(completed.order_id)]);
    expect((await search('newOrder', String(completed.order_id))).data).toEqual([]);

    const byEmail = await search('allOrder', completed.email.slice(0, 6).toUpperCase());
    expect(byEmail.data.length).toBeGreaterThan(0);
    for (const o of byEmail.data) {
      const prefix = completed.email.slice(0, 6).toLowerCase();
      expect(
        [o.email, o.contact_email_address, o.full_name].some((v: string | null) => v?.toLowerCase().startsWith(prefix)),
      ).toBe(true);
    }

    const byLastName = await search('allOrder', completed.last_name);
    expect(byLastName.data.map((o: { order_id: number }) => Number(o.order_id))).toContain(Number(completed.order_id));
    expect(byLastName.total).toBe(byLastName.data.length);

    const wildcard = await search('allOrder', '%');
    expect(wildcard.data).toEqual([]);
    expect((await search('allOrder', "' OR 1=1 --")).data).toEqual([]);

    const idPrefix = String(completed.order_id).slice(0, 5);
    const byIdPrefix = await search('completedOrder', idPrefix, 0, 500);
    const completedIds = await referenceIds('completedOrder', ids.admin!);
    expect(byIdPrefix.data.map((o: { order_id: number }) => Number(o.order_id))).toEqual(
      completedIds.filter((id) => String(id).startsWith(idPrefix)),
    );
    const window = await search('completedOrder', idPrefix, 10, 20);
    expect(window.data.map((o: { order_id: number }) => Number(o.order_id))).toEqual(
      byIdPrefix.data.slice(10, 20).map((o: { order_id: number }) => Number(o.order_id)),
    );
    expect(window.total).toBe(byIdPrefix.total);

    for (const searchVal of ['', '   ']) {
      const empty = await post('admin', '/api/admin/search-order', { folderName: 'newOrder', searchVal });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ status: 0, message: 'Please enter something to search.' });
    }
    const bad = await post('admin', '/api/admin/search-order', {
      folderName: 'newOrder',
      searchVal: 'a',
      start: 5,
      end: 5,
    });
    expect(bad.statusCode).toBe(400);
    expect((await post('admin', '/api/admin/search-order', { searchVal: 'x' })).statusCode).toBe(400);
    const huge = await post('admin', '/api/admin/search-order', {
      folderName: 'newOrder',
      searchVal: 'a',
      start: 0,
      end: 501,
    });
    expect(huge.json().message).toBe('At most 500 rows can be read at once.');
  });

  it('searches names exactly and by prefix, once per order, newest first, across windows and up to the cap', async () => {
    const search = async (searchVal: string, start = 0, end = 100) =>
      (await post('admin', '/api/admin/search-order', { folderName: 'allOrder', searchVal, start, end })).json();
    const idsOf = (res: { data: Array<{ order_id: number }> }) => res.data.map((o) => Number(o.order_id));
    const all = await referenceIds('allOrder', ids.admin!);
    const [a, b, c, d, e] = [all[3]!, all[7]!, all[11]!, all[15]!, all[19]!];
    const rename = (id: number, first: string, last: string) =>
      t
        .db('orders')
        .where({ order_id: id })
        .update({ first_name: first, last_name: last, full_name: `${first} ${last}` });
    const before = await t
      .db('orders')
      .whereIn('order_id', [a, b, c, d, e])
      .select('order_id', 'first_name', 'last_name', 'full_name');
    try {
      await rename(a, 'Ottoline', 'Quillfeather');
      await rename(b, 'Ottoline', 'Quillfeather');
      await rename(c, 'Quillfeather', 'Jones'); // matches by full name prefix only
      await rename(d, 'Quillfeather', 'Quillfeather'); // matches both ways: listed once
      await rename(e, 'Ottokar', 'Brandt');

      const byName = await search('Quillfeather');
      expect(idsOf(byName)).toEqual([a, b, c, d].sort((x, y) => y - x));
      expect(byName.total).toBe(4);
      expect(idsOf(await search('quillfeather'))).toEqual(idsOf(byName));
      expect(idsOf(await search('Ottoline Quillfeather'))).toEqual([a, b]);
      expect(idsOf(await search('Ottoline Quill'))).toEqual([a, b]);
      expect(idsOf(await search('Otto'))).toEqual([a, b, e]);
      // Under 3 characters a name matches only whole: no prefix scan of the names.
      expect((await search('Qu')).data).toEqual([]);
      const windowed = await search('Quillfeather', 1, 3);
      expect(idsOf(windowed)).toEqual(idsOf(byName).slice(1, 3));
      expect(windowed.total).toBe(4);
      expect((await search('Quillfeather', 4, 10)).data).toEqual([]);

      const member = { id: ids.admin!, name: 'Admin', email: 'admin@demo.test', type: 'Admin' as const };
      const queue = QUEUES.find((q) => q.orderName === 'allOrder')!;
      const capped = await searchQueue(t.db, member, queue, { start: 1, end: 3, searchVal: 'Quillfeather' }, 2);
      expect(capped.total).toBe(2);
      expect(capped.orders.map((o) => Number(o.order_id))).toEqual(idsOf(byName).slice(1, 3));
    } finally {
      for (const row of before) await t.db('orders').where({ order_id: row.order_id }).update(row);
    }
    expect(SEARCH_TOTAL_CAP).toBe(1000);
  });

  it('answers an order in full, by plain or encoded id, with its histories', async () => {
    const withHistory = await t
      .db('orders as o')
      .join('download_history as h', 'h.order_id', 'o.order_id')
      .join('remarks as r', 'r.order_id', 'o.order_id')
      .select('o.order_id')
      .first();
    const id = Number(withHistory.order_id);
    const plain = await get('telecaller', `/api/admin/get-orders-details/${id}`);
    expect(plain.statusCode).toBe(200);
    const data = plain.json().data;
    expect(Number(data.order_id)).toBe(id);
    expect(data).toHaveProperty('passport_number');
    expect(data.encodedId).toBe(encodeId(id));
    expect(data.mailHistory[0]).toMatchObject({
      order_id: id,
      kind: 'approval',
      state: 'sent',
      subject: expect.any(String),
      message_id: expect.any(String),
      uploadDoc: { file1: expect.any(String), mail_service_provider: expect.stringMatching(/^(AWS|Sendgrid)$/) },
    });
    expect(data.mailHistory[0].create_ts).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const file1 = data.mailHistory[0].uploadDoc.file1;
    expect(data.uploadDoc[0]).toMatchObject({
      file1,
      link: `/uploads/docs/${id}_${file1}`,
      mime_type: 'application/pdf',
    });
    expect(data.downloadHistory.length).toBeGreaterThan(0);
    expect(data.downloadHistory[0]).toMatchObject({ order_id: id, ip: expect.any(String) });
    expect(data.remark[0]).toMatchObject({
      order_id: id,
      us_date: expect.stringMatching(/^\d\d-\d\d-\d{4}$/),
      us_time: expect.stringMatching(/^\d{1,2}:\d\d:\d\d (AM|PM)$/),
      whatsapp: expect.stringMatching(/^[YN]$/),
    });
    // The same reader both ways: an Admin's answer also holds the payment facts hidden from a Telecaller.
    const encoded = await get('telecaller', `/api/admin/get-orders-details/${encodeURIComponent(encodeId(id))}`);
    expect(encoded.json().data).toEqual(data);
    const missing = await get('admin', '/api/admin/get-orders-details/999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 0, message: 'Order not found.' });
  });

  it('assigns first come first served and moves orders back to their folder', async () => {
    const id = await freeNewOrder();
    const before = (await get('team', '/api/admin/get-folder-count')).json().data;
    const res = await put('team', '/api/admin/assign-order-status', { orderId: id, assignto: 'Demo Team' });
    expect(res.json()).toEqual({ status: 1, message: 'Order has been assigned successfully' });
    expect(await order(id)).toMatchObject({ assignee_id: ids.team, assign_to: 'Demo Team' });
    const after = (await get('team', '/api/admin/get-folder-count')).json().data;
    expect(after.myOrdersCount).toBe(before.myOrdersCount + 1);
    expect(after.pendingOrdersCount).toBe(before.pendingOrdersCount + 1);
    expect(after.newOrdersCount).toBe(before.newOrdersCount);

    const late = await put('manager', '/api/admin/assign-order-status', {
      orderId: String(id),
      assignto: 'Demo Manager',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ status: 0, message: `Order ${id} is already assigned to Demo Team.` });
    expect((await put('team', '/api/admin/assign-order-status', { orderId: [id], assignto: 'x' })).json().status).toBe(
      1,
    );

    const takeBack = await put('manager', '/api/admin/unassign-order', { orderId: id });
    expect(takeBack.statusCode).toBe(403);
    expect(takeBack.json().message).toMatch(/assigned to Demo Team/);
    const back = await put('team', '/api/admin/unassign-order', { orderId: [id] });
    expect(back.json().status).toBe(1);
    expect(await order(id)).toMatchObject({ assignee_id: null, assign_to: null });
    expect((await get('team', '/api/admin/get-folder-count')).json().data).toEqual(before);

    const audit = await t.db('audit_events').where({ order_id: id }).orderBy('id');
    expect(audit.map((a) => [a.action, a.member_id, a.from_value, a.to_value])).toEqual([
      ['assign', ids.team, null, 'Demo Team'],
      ['unassign', ids.team, 'Demo Team', null],
    ]);
  });

  it('gives an order to exactly one of 20 members assigning it at once', async () => {
    const stamp = nowUtc();
    const passwordHash = await hashPassword('racer-pass');
    const racers = Array.from({ length: 20 }, (_, i) => ({
      name: `Racer ${i}`,
      email: `racer${i}@demo.test`,
      password_hash: passwordHash,
      type: 'Team',
      created_at: stamp,
      updated_at: stamp,
    }));
    await t.db('team_members').insert(racers);
    const racerTokens = await Promise.all(racers.map((r) => t.login(r.email, 'racer-pass')));
    for (let round = 0; round < 3; round++) {
      const id = await freeNewOrder(40 + round);
      const lastEvent = Number((await t.db('audit_events').max({ id: 'id' }).first())?.id ?? 0);
      const answers = await Promise.all(
        racerTokens.map((token) =>
          t.call(token, { method: 'PUT', url: '/api/admin/assign-order-status', payload: { orderId: id } }),
        ),
      );
      const winners = answers.filter((a) => a.statusCode === 200);
      expect(winners).toHaveLength(1);
      const held = await order(id);
      expect(held.assign_to).toMatch(/^Racer \d+$/);
      for (const loser of answers.filter((a) => a.statusCode !== 200)) {
        expect(loser.statusCode).toBe(409);
        expect(loser.json()).toEqual({ status: 0, message: `Order ${id} is already assigned to ${held.assign_to}.` });
      }
      const events = await t.db('audit_events').where('id', '>', lastEvent);
      expect(events.map((e) => [e.action, Number(e.order_id), e.member_name])).toEqual([
        ['assign', id, held.assign_to],
      ]);
    }
  });

  it('refuses a bulk assign as a whole when one order is taken', async () => {
    const [free, taken] = [await freeNewOrder(10), await freeNewOrder(11)];
    await put('manager', '/api/admin/assign-order-status', { orderId: taken, assignto: 'me' });
    const res = await put('team', '/api/admin/assign-order-status', { orderId: [free, taken], assignto: 'me' });
    expect(res.statusCode).toBe(409);
    expect((await order(free)).assignee_id).toBeNull();
  });

  it('moves an order between statuses, deleting only for Admin and Manager', async () => {
    const id = await freeNewOrder(20);
    const move = (role: string, updatingStatus: string, extra: object = {}) =>
      put(role, '/api/admin/change-order-status', { orderId: id, updatingStatus, ...extra });

    expect((await move('team', 'Awaiting')).json()).toEqual({
      status: 1,
      message: 'Order moved to Awaiting Customer.',
    });
    expect((await order(id)).process_status).toBe('Awaiting');
    const again = await move('team', 'Awaiting');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('The order is already in Awaiting Customer.');

    const teamDelete = await move('team', 'Deleted');
    expect(teamDelete.statusCode).toBe(403);
    expect(teamDelete.json().status).toBe(0);
    expect((await move('manager', 'Deleted', { permanentDeletedFlag: true })).statusCode).toBe(400);
    expect((await move('manager', 'Deleted', { permanentDeletedFlag: false })).json()).toEqual({
      status: 1,
      message: 'Order has been deleted successfully',
    });
    expect((await order(id)).process_status).toBe('Deleted');

    // Restoring from Deleted is for Admin and Manager.
    expect((await move('team', 'Refunds')).statusCode).toBe(403);
    expect((await move('manager', 'Refunds')).json().status).toBe(1);
    // Filed under Refunds, not refunded: the refund date waits for "Refunded it" (docs/decisions/refund-once.md).
    expect((await order(id)).refund_date).toBeNull();
    expect((await move('team', 'New')).statusCode).toBe(400);
    expect((await move('team', 'Completed')).json().status).toBe(1);

    const audit = await t.db('audit_events').where({ order_id: id }).orderBy('id');
    expect(audit.map((a) => [a.action, a.from_value, a.to_value])).toEqual([
      ['move', 'New', 'Awaiting'],
      ['delete', 'Awaiting', 'Deleted'],
      ['move', 'Deleted', 'Refunds'],
      ['move', 'Refunds', 'Completed'],
    ]);
  });

  it('moves orders in bulk, all or nothing', async () => {
    const chosen = [await freeNewOrder(30), await freeNewOrder(31), await freeNewOrder(32)];
    const missing = await put('team', '/api/admin/move-order-status', {
      orderIds: [...chosen, 999999999],
      updatingStatus: 'Contact Customer',
    });
    expect(missing.statusCode).toBe(404);
    for (const id of chosen) expect((await order(id)).process_status).toBe('New');

    const res = await put('team', '/api/admin/move-order-status', {
      orderIds: chosen,
      updatingStatus: 'Contact Customer',
    });
    expect(res.json()).toEqual({ status: 1, message: '3 orders moved to Contact Customer.' });
    for (const id of chosen) expect((await order(id)).process_status).toBe('Contact Customer');

    const bulkDelete = await put('team', '/api/admin/move-order-status', {
      orderIds: chosen,
      updatingStatus: 'Deleted',
    });
    expect(bulkDelete.statusCode).toBe(403);
    expect(
      (await put('admin', '/api/admin/move-order-status', { orderIds: chosen, updatingStatus: 'Deleted' })).json(),
    ).toEqual({ status: 1, message: 'Order has been deleted successfully' });
  });

  it.each([
    [{ orderIds: [], updatingStatus: 'Awaiting' }, 'Please select at least one order.'],
    [{ orderIds: ['abc'], updatingStatus: 'Awaiting' }, 'Order ids must be whole numbers.'],
    [{ orderIds: [1], updatingStatus: 'Shipped' }, /updatingStatus must be one of/],
    [{ orderIds: Array.from({ length: 501 }, (_, i) => i + 1), updatingStatus: 'Awaiting' }, /At most 500/],
    [{ updatingStatus: 'Awaiting' }, 'orderIds is required'],
  ])('refuses bad bulk move input %#', async (payload, message) => {
    const res = await put('admin', '/api/admin/move-order-status', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  });

  it('refunds orders and queues one refund mail each', async () => {
    const refunds = await t
      .db('orders')
      .where({ process_status: 'Completed' })
      .whereNull('assignee_id')
      .orderBy('order_id')
      .limit(2);
    const chosen = refunds.map((o) => Number(o.order_id));
    const res = await put('telecaller', '/api/admin/move-to-complete-refund', { orderId: chosen });
    expect(res.json()).toEqual({ status: 1, message: '2 orders refunded; the customers will be mailed.' });
    const mails = await t.db('mail_outbox').whereIn('order_id', chosen).where({ kind: 'refund' });
    expect(mails.map((m) => [Number(m.order_id), m.to_email, m.state, m.provider])).toEqual(
      refunds.map((o) => [Number(o.order_id), o.email, 'queued', 'AWS']),
    );
    for (const id of chosen) {
      expect((await order(id)).refund_date).not.toBe(refunds.find((o) => Number(o.order_id) === id).refund_date);
    }
    expect(await t.db('audit_events').whereIn('order_id', chosen).where({ action: 'refund' })).toHaveLength(2);
  });

  it('keeps the queue counters exact through every change', async () => {
    const kept = await readCounters(t.db);
    await recountOrderCounters(t.db);
    const key = (r: { status: string; mode: string; assignee_id: number; due_date: string; count: number }) =>
      `${r.status}|${r.mode}|${Number(r.assignee_id)}|${r.due_date}|${r.count}`;
    expect(kept.map(key).sort()).toEqual((await readCounters(t.db)).map(key).sort());
  });
});
