import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

type Row = Record<string, unknown>;

/**
 * Custom fields on orders, defined by an Admin through /api/order-fields: read in every
 * answer about an order for the roles that may read them (and in none for the others), filtered and
 * sorted like built-in fields on any queue, and changed by PUT /api/orders/:id through the one change
 * path (type and limits, edit rights, the version guard, the audit trail).
 */
describe.each(dialects())('custom fields on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  /** Orders of All Orders, newest first: values are given to some of them. */
  let orderIds: number[];

  const call = (role: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.call(tokens[role]!, { method, url, payload });
  const list = (role: string, query: Record<string, unknown>) =>
    t.call(tokens[role]!, {
      method: 'GET',
      url: '/api/orders',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])),
    });
  const rows = async (role: string, query: Record<string, unknown>): Promise<Row[]> => {
    const res = await list(role, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const versionOf = async (id: number) => Number((await t.db('orders').where({ order_id: id }).first()).version);
  const setValues = async (role: string, id: number, values: Row) =>
    call(role, 'PUT', `/api/orders/${id}`, { ...values, version: await versionOf(id) });
  const refused = (res: { statusCode: number; json(): { message: string } }, code: number, message: RegExp) => {
    expect(res.statusCode, res.json().message).toBe(code);
    expect(res.json().message).toMatch(message);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ tokens } = await signInDemoAccounts(t));
    const common = { column: true, filter: true, sortable: true, section: 'additional' };
    for (const field of [
      {
        id: 'visa_type',
        label: 'Visa type',
        type: 'choice',
        choices: ['Business', 'Tourist', 'Transit'],
        readRoles: ['Admin', 'Manager', 'Team'],
        editRoles: ['Admin', 'Team'],
        position: 1,
        ...common,
      },
      {
        id: 'callback_at',
        label: 'Callback at',
        type: 'datetime',
        readRoles: ['Admin', 'Manager', 'Team'],
        editRoles: ['Admin', 'Team'],
        position: 2,
        ...common,
      },
      {
        id: 'risk_score',
        label: 'Risk score',
        type: 'number',
        min: 0,
        max: 10,
        required: true,
        readRoles: ['Admin', 'Manager', 'Team'],
        editRoles: ['Admin'],
        position: 3,
        ...common,
      },
      {
        id: 'ref_code',
        label: 'Reference',
        type: 'text',
        max: 8,
        pattern: '[A-Z]{2}[0-9]+',
        readRoles: ['Admin', 'Manager', 'Team', 'Telecaller', 'Night Staff'],
        editRoles: ['Admin', 'Team', 'Telecaller'],
        position: 4,
        ...common,
      },
      {
        id: 'vip',
        label: 'VIP',
        type: 'boolean',
        readRoles: ['Admin', 'Manager', 'Team'],
        editRoles: ['Admin', 'Team'],
        position: 5,
        ...common,
      },
    ]) {
      const res = await call('admin', 'POST', '/api/order-fields', field);
      expect(res.statusCode, res.body).toBe(200);
    }
    orderIds = (await t.db('orders').whereNot({ process_status: 'Deleted' }).orderBy('order_id', 'desc').limit(40)).map(
      (o: Row) => Number(o.order_id),
    );
  });
  afterAll(() => t?.close());

  it('refuses a value of the wrong type or outside the limits, naming the field', async () => {
    const id = orderIds[0]!;
    refused(await setValues('admin', id, { visa_type: 'Holiday' }), 400, /^visa_type must be one of: Business/);
    refused(await setValues('admin', id, { callback_at: 'tomorrow' }), 400, /^callback_at must be a date and time/);
    refused(await setValues('admin', id, { risk_score: 'high' }), 400, /^risk_score must be a number/);
    refused(await setValues('admin', id, { risk_score: 11 }), 400, /^risk_score must be at most 10/);
    refused(await setValues('admin', id, { risk_score: null }), 400, /^risk_score is required/);
    refused(await setValues('admin', id, { ref_code: 'AB12345678' }), 400, /^ref_code must be at most 8 characters/);
    refused(await setValues('admin', id, { ref_code: 'ab12' }), 400, /^ref_code must match the pattern/);
    refused(await setValues('admin', id, { vip: 'yes' }), 400, /^vip must be true or false/);
    refused(await setValues('admin', id, { no_such_field: 1 }), 400, /no_such_field is not a field of this form/);
    refused(await setValues('admin', id, {}), 400, /custom field/);
    expect(await t.db('order_values').where({ order_id: id })).toEqual([]);
  });

  it('lets only the roles in editRoles change a value (403 naming it), and hides the field from the others', async () => {
    const id = orderIds[1]!;
    refused(await setValues('team', id, { risk_score: 3 }), 403, /Risk score \(risk_score\)/);
    refused(await setValues('manager', id, { visa_type: 'Business' }), 403, /Visa type \(visa_type\)/);
    // A field the role may not read is unknown to it.
    refused(await setValues('telecaller', id, { visa_type: 'Business' }), 400, /visa_type is not a field/);
    const res = await setValues('telecaller', id, { ref_code: 'TC42' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, ref_code: 'TC42' });
    expect(res.json()).not.toHaveProperty('visa_type');
  });

  it('changes values through the one change path: version, audit event, 409 when stale', async () => {
    const id = orderIds[2]!;
    const before = await versionOf(id);
    const res = await setValues('team', id, { visa_type: 'Business', callback_at: '2026-12-01T09:30:00Z', vip: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      visa_type: 'Business',
      callback_at: '2026-12-01 09:30:00',
      vip: true,
      risk_score: null,
      version: before + 1,
    });
    const events = await t.db('audit_events').where({ order_id: id, action: 'field' }).orderBy('id');
    expect(events.map((e: Row) => JSON.parse(String(e.detail)).field).sort()).toEqual([
      'callback_at',
      'vip',
      'visa_type',
    ]);
    expect(events.find((e: Row) => String(e.detail).includes('visa_type'))).toMatchObject({
      from_value: null,
      to_value: 'Business',
      member_name: expect.any(String),
    });
    // The same values again change nothing; an older version is refused.
    expect((await setValues('team', id, { visa_type: 'Business' })).json().version).toBe(before + 1);
    refused(
      await call('team', 'PUT', `/api/orders/${id}`, { visa_type: 'Tourist', version: before }),
      409,
      /was changed after you opened it/,
    );
    // null clears a value (its row goes).
    expect((await setValues('team', id, { vip: null })).json().vip).toBeNull();
    expect(await t.db('order_values').where({ order_id: id, field_id: 'vip' })).toEqual([]);
    // The Audit Log answers the field's events.
    const log = await t.call(tokens.admin!, {
      method: 'GET',
      url: '/api/audit-events',
      query: { filter: JSON.stringify({ action: 'field' }) },
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().length).toBeGreaterThan(0);
  });

  it('answers values in rows, the order, get-orders-list, search-order and view-order, only to readers', async () => {
    const id = orderIds[3]!;
    expect((await setValues('admin', id, { visa_type: 'Transit', risk_score: 7.5, ref_code: 'ZZ9' })).statusCode).toBe(
      200,
    );
    const row = (await rows('team', { filter: { queue: 'allOrder', id: [id] } }))[0];
    expect(row).toMatchObject({ visa_type: 'Transit', risk_score: 7.5, ref_code: 'ZZ9', callback_at: null });
    const hidden = ['visa_type', 'risk_score', 'callback_at', 'vip'];
    // Orders by id (react-admin's getMany): the Telecaller opens no queue of all orders.
    const telecallerRows = await rows('telecaller', { filter: { id: orderIds.slice(0, 10) } });
    for (const r of telecallerRows) for (const key of hidden) expect(r).not.toHaveProperty(key);
    expect(telecallerRows.find((r: Row) => r.id === id)).toMatchObject({ ref_code: 'ZZ9' });

    const one = (await call('telecaller', 'GET', `/api/orders/${id}`)).json();
    expect(one.ref_code).toBe('ZZ9');
    for (const key of hidden) expect(one).not.toHaveProperty(key);
    expect((await call('manager', 'GET', `/api/orders/${id}`)).json()).toMatchObject({ risk_score: 7.5 });

    const view = (role: string) => call(role, 'GET', `/api/admin/get-orders-details/${id}`);
    expect((await view('team')).json().data).toMatchObject({ visa_type: 'Transit', risk_score: 7.5 });
    for (const key of hidden) expect((await view('telecaller')).json().data).not.toHaveProperty(key);

    const spec = (await call('team', 'GET', '/api/admin/get-orders-list/allOrder?page=1&limit=100')).json().data;
    expect(spec.find((r: Row) => r.order_id === id)).toMatchObject({ visa_type: 'Transit' });
    const specHidden = (await call('telecaller', 'GET', '/api/admin/get-orders-list/newOrder?page=1&limit=100')).json()
      .data;
    for (const r of specHidden) for (const key of hidden) expect(r).not.toHaveProperty(key);

    expect(specHidden.length).toBeGreaterThan(0);
    expect(specHidden[0]).toHaveProperty('ref_code');

    const search = (role: string, folderName: string, searchVal: string) =>
      call(role, 'POST', '/api/admin/search-order', { folderName, searchVal, start: 0, end: 10 });
    const found = (await search('team', 'allOrder', String(id))).json().data;
    expect(found.find((r: Row) => r.order_id === id)).toMatchObject({ visa_type: 'Transit' });
    const foundHidden = (await search('telecaller', 'newOrder', String(specHidden[0].order_id))).json().data;
    expect(foundHidden.length).toBeGreaterThan(0);
    for (const r of foundHidden) for (const key of hidden) expect(r).not.toHaveProperty(key);
  });

  it("reads a page's custom values in the page's own statement, each as its type answers it", async () => {
    const [valued, without] = [orderIds[0]!, orderIds[1]!];
    expect((await setValues('admin', valued, { vip: true, risk_score: 3, visa_type: 'Business' })).statusCode).toBe(
      200,
    );
    const statements: string[] = [];
    const listener = (q: { sql: string }) => {
      if (/\b(orders|order_values)\b/.test(q.sql)) statements.push(q.sql);
    };
    t.db.on('query', listener);
    let page: Row[];
    try {
      page = (await call('team', 'GET', '/api/admin/get-orders-list/allOrder?page=1&limit=10')).json().data;
    } finally {
      t.db.off('query', listener);
    }
    expect(statements, statements.join('\n')).toHaveLength(1);
    expect(statements[0]).toMatch(/\border_values\b/);
    expect(page.find((r) => r.order_id === valued)).toMatchObject({ vip: true, risk_score: 3, visa_type: 'Business' });
    expect(page.find((r) => r.order_id === without)).toMatchObject({ vip: null, risk_score: null, visa_type: null });
  });

  it('refuses a field the role may not read as a sort or a filter', async () => {
    const res = await list('telecaller', { filter: { queue: 'allOrder' }, sort: ['visa_type', 'ASC'] });
    refused(res, 400, /^Cannot sort by visa_type\.$/);
    refused(
      await list('telecaller', { filter: { queue: 'allOrder', visa_type: 'Business' } }),
      400,
      /^Unknown filter: visa_type\.$/,
    );
    refused(
      await list('team', { filter: { queue: 'allOrder', visa_type: 'Holiday' } }),
      400,
      /^Filter visa_type must be one of/,
    );
  });

  it('filters and sorts by custom fields on any queue, first and later pages, orders without a value last', async () => {
    // Values on 20 orders: a choice, a number with decimals, a datetime, a boolean.
    const valued = orderIds.slice(10, 30);
    for (const [i, id] of valued.entries()) {
      const res = await setValues('admin', id, {
        visa_type: ['Business', 'Tourist', 'Transit'][i % 3],
        risk_score: (i % 7) + 0.25,
        callback_at: `2026-12-${String((i % 9) + 1).padStart(2, '0')} 10:00:00`,
        vip: i % 2 === 0,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const stored: Row[] = await t.db('order_values').select('order_id', 'field_id', 'value_text', 'value_number');
    const valueOf = (id: number, field: string) => {
      const r = stored.find((s) => Number(s.order_id) === id && s.field_id === field);
      return r ? (r.value_text ?? Number(r.value_number)) : null;
    };
    const all: number[] = (await t.db('orders').whereNot({ process_status: 'Deleted' }).pluck('order_id')).map(Number);

    const business = (await rows('team', { filter: { queue: 'allOrder', visa_type: 'Business' }, range: [0, 99] })).map(
      (r: Row) => r.id,
    );
    expect(business).toEqual(all.filter((id) => valueOf(id, 'visa_type') === 'Business').sort((a, b) => b - a));
    const res = await list('team', {
      filter: { queue: 'allOrder', visa_type: ['Business', 'Transit'] },
      range: [0, 2],
    });
    expect(res.headers['content-range']).toMatch(
      new RegExp(`/${all.filter((id) => ['Business', 'Transit'].includes(String(valueOf(id, 'visa_type')))).length}$`),
    );
    const ranged = await rows('team', {
      filter: { queue: 'allOrder', risk_score_gte: 2.25, risk_score_lte: 4.25 },
      range: [0, 99],
    });
    expect(ranged.map((r: Row) => r.id).sort()).toEqual(
      all
        .filter((id) => (valueOf(id, 'risk_score') as number) >= 2.25 && (valueOf(id, 'risk_score') as number) <= 4.25)
        .sort(),
    );
    const days = await rows('team', {
      filter: { queue: 'allOrder', callback_at_gte: '2026-12-02', callback_at_lte: '2026-12-03' },
      range: [0, 99],
    });
    expect(days.length).toBe(all.filter((id) => /^2026-12-0[23]/.test(String(valueOf(id, 'callback_at')))).length);
    const vip = await rows('team', { filter: { queue: 'allOrder', vip: true }, range: [0, 99] });
    expect(vip.length).toBe(
      all.filter(
        (id) =>
          valueOf(id, 'risk_score') !== null &&
          stored.some((s) => Number(s.order_id) === id && s.field_id === 'vip' && Number(s.value_number) === 1),
      ).length,
    );

    // Sorted by a number: values ascending (ties by order id), then the orders without one, page by page.
    for (const direction of ['ASC', 'DESC'] as const) {
      const expected = [...all].sort((a, b) => {
        const [x, y] = [valueOf(a, 'risk_score') as number | null, valueOf(b, 'risk_score') as number | null];
        if (x === null || y === null) return x === y ? (direction === 'ASC' ? a - b : b - a) : x === null ? 1 : -1;
        return (direction === 'ASC' ? x - y : y - x) || (direction === 'ASC' ? a - b : b - a);
      });
      const pages: number[] = [];
      for (let start = 0; start < 40; start += 10) {
        const page = await list('team', {
          filter: { queue: 'allOrder' },
          sort: ['risk_score', direction],
          range: [start, start + 9],
        });
        expect(page.statusCode, page.body).toBe(200);
        pages.push(...page.json().map((r: Row) => r.id));
      }
      expect(pages, direction).toEqual(expected.slice(0, 40));
    }
    // A deep page of the sort (past the shallow walk), and a sort by a datetime within a filter and a queue.
    const deep = await list('team', {
      filter: { queue: 'allOrder' },
      sort: ['callback_at', 'DESC'],
      range: [150, 159],
    });
    expect(deep.statusCode, deep.body).toBe(200);
    for (const r of deep.json()) expect(r.callback_at).toBeNull();
    const sorted = await rows('team', {
      filter: { queue: 'allOrder', vip: false },
      sort: ['callback_at', 'ASC'],
      range: [0, 99],
    });
    const times = sorted.map((r: Row) => String(r.callback_at));
    expect(times).toEqual([...times].sort());
  });

  it('refuses a removed field everywhere, keeps its values, and brings them back when restored', async () => {
    const id = orderIds[3]!;
    expect((await call('admin', 'DELETE', '/api/order-fields/ref_code')).statusCode).toBe(200);
    refused(await setValues('admin', id, { ref_code: 'AB1' }), 400, /ref_code is not a field of this form/);
    refused(await list('admin', { filter: { queue: 'allOrder', ref_code: 'ZZ' } }), 400, /Unknown filter: ref_code/);
    expect((await call('admin', 'GET', `/api/orders/${id}`)).json()).not.toHaveProperty('ref_code');
    expect(await t.db('order_values').where({ order_id: id, field_id: 'ref_code' })).toHaveLength(1);
    expect((await call('admin', 'PUT', '/api/order-fields/ref_code', { removed: false })).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/api/orders/${id}`)).json().ref_code).toBe('ZZ9');
  });

  it("keeps a field's values out of the Audit Log of roles that may not read it", async () => {
    const id = orderIds[4]!;
    expect((await setValues('admin', id, { risk_score: 4 })).statusCode).toBe(200);
    const riskEvents = async (role: string) => {
      const res = await t.call(tokens[role]!, {
        method: 'GET',
        url: '/api/audit-events',
        query: { filter: JSON.stringify({ action: 'field', order_id: id }) },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Row[]).filter((e) => String(e.detail).includes('risk_score'));
    };
    expect(await riskEvents('manager')).toEqual([expect.objectContaining({ to_value: '4' })]);
    // Narrowed to Admins: the Manager keeps the event (who, when, which field) without its values.
    const narrowed = await call('admin', 'PUT', '/api/order-fields/risk_score', { readRoles: ['Admin'] });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(await riskEvents('manager')).toEqual([
      expect.objectContaining({
        from_value: null,
        to_value: null,
        detail: JSON.stringify({ field: 'risk_score', hidden: true }),
      }),
    ]);
    expect(await riskEvents('admin')).toEqual([expect.objectContaining({ to_value: '4' })]);
    const restored = await call('admin', 'PUT', '/api/order-fields/risk_score', {
      readRoles: ['Admin', 'Manager', 'Team'],
    });
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it("gives Defence Pack 2's order details the custom fields the role may read, with their labels", async () => {
    const order = await t.db('orders').where({ process_status: 'ChargeBack' }).orderBy('order_id').first();
    const id = Number(order.order_id);
    expect((await setValues('admin', id, { visa_type: 'Tourist', ref_code: 'PK77', vip: true })).statusCode).toBe(200);
    const packText = async (role: string) => {
      const res = await call(role, 'POST', '/api/admin/get-defence-pack-pdf', { orderId: id, defencePackType: 2 });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      return (await new PDFParse({ data: new Uint8Array(res.rawPayload) }).getText()).text;
    };
    const full = await packText('manager');
    expect(full).toContain('Order details');
    expect(full).toMatch(/Visa type\s+Tourist/);
    expect(full).toMatch(/Reference\s+PK77/);
    expect(full).toMatch(/VIP\s+Yes/);
    const telecaller = await packText('telecaller');
    expect(telecaller).toMatch(/Reference\s+PK77/);
    expect(telecaller).not.toContain('Visa type');
    expect(telecaller).not.toContain('Tourist');
  });
});
