import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayjs, MAX_PAGE_SIZE, RESOURCES, todayUtc } from '@app/domain';
import { recountOrderCounters } from '../../../api/src/modules/orders/counters.js';
import { SEARCH_TOTAL_CAP } from '../../../api/src/modules/orders/service.js';
import { createRng, makeOrder } from '../../../seeds/generator.js';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { rollupsSettled } from '../../helpers/consistency.js';

type Row = Record<string, unknown>;

describe.each(dialects())('resources in ra-data-simple-rest conventions on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { corsOrigins: ['https://staff.example'] } });
    ({ tokens, ids } = await signInDemoAccounts(t));
  });
  afterAll(() => t?.close());

  const get = (role: string, url: string, query: Record<string, unknown> = {}) =>
    t.call(tokens[role]!, {
      method: 'GET',
      url,
      query: Object.fromEntries(
        Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ),
    });
  const list = async (role: string, resource: string, query: Record<string, unknown> = {}) => {
    const res = await get(role, `/api/${resource}`, query);
    expect(res.statusCode, res.body).toBe(200);
    const total = Number(String(res.headers['content-range']).split('/').pop());
    return { rows: res.json() as Row[], total, res };
  };
  const refusal = (res: { statusCode: number; json(): unknown }, code: number) => {
    expect(res.statusCode).toBe(code);
    // A refused session answers status 401 in the envelope, other refusals status 0.
    expect(res.json()).toMatchObject({ status: code === 401 ? 401 : 0, message: expect.any(String) });
  };

  describe('GET /api/admin/registry', () => {
    const registry = async (role: string) =>
      (await get(role, '/api/admin/registry')).json().data as Array<{ name: string; verbs: string[]; fields: Row[] }>;

    it('gives each role the resources it may read, the verbs it may use and the fields it may see', async () => {
      const admin = await registry('admin');
      expect(admin.map((r) => r.name).sort()).toEqual(Object.keys(RESOURCES).sort());
      expect(admin.find((r) => r.name === 'team-members')!.verbs).toEqual([
        'list',
        'show',
        'create',
        'update',
        'delete',
      ]);
      const adminOrder = admin.find((r) => r.name === 'orders')!;
      expect(adminOrder.fields.map((f) => f.source)).toContain('amount');
      expect(adminOrder).not.toHaveProperty('permissions');

      const night = await registry('night');
      const names = night.map((r) => r.name);
      expect(names).toContain('orders');
      expect(names).not.toContain('team-members');
      expect(names).not.toContain('gateways');
      expect(names).not.toContain('audit-events');
      expect(names).not.toContain('processed-by-report');
      const nightOrder = night.find((r) => r.name === 'orders')!;
      expect(nightOrder.fields.map((f) => f.source)).not.toContain('amount');
      expect(nightOrder.fields.map((f) => f.source)).not.toContain('purchase_ip');
      expect(night.find((r) => r.name === 'remarks')!.verbs).toEqual(['list', 'create']);
    });

    it('never describes a password field to a role that cannot write it', async () => {
      const team = (await registry('admin')).find((r) => r.name === 'team-members')!;
      expect(team.fields.find((f) => f.source === 'password')).toMatchObject({ type: 'password', places: ['form'] });
    });

    it('needs a signed-in member', async () => {
      refusal(await t.call(null, { method: 'GET', url: '/api/admin/registry' }), 401);
    });
  });

  describe('lists', () => {
    it('answers a JSON array and Content-Range, exposed to allowed origins', async () => {
      const res = await t.call(tokens.admin!, {
        method: 'GET',
        url: '/api/orders',
        query: { filter: '{"queue":"completedOrder"}', range: '[0,9]', sort: '["order_id","DESC"]' },
        headers: { origin: 'https://staff.example' },
      });
      expect(res.statusCode).toBe(200);
      const rows = res.json() as Row[];
      const total = await t.db('orders').where({ process_status: 'Completed' }).count({ n: '*' }).first();
      expect(res.headers['content-range']).toBe(`orders 0-9/${Number(total!.n)}`);
      expect(String(res.headers['access-control-expose-headers'])).toMatch(/Content-Range/i);
      expect(String(res.headers['access-control-expose-headers'])).toMatch(/X-Total-Capped/i);
      expect(rows).toHaveLength(10);
      expect(rows.every((r) => r.process_status === 'Completed' && r.id === r.order_id)).toBe(true);
      const orderIds = rows.map((r) => Number(r.id));
      expect(orderIds).toEqual([...orderIds].sort((a, b) => b - a));
    });

    it('sorts by each sortable field, both ways, ties by id', async () => {
      for (const field of ['full_name', 'email', 'created_at', 'order_id']) {
        for (const order of ['ASC', 'DESC'] as const) {
          const { rows } = await list('admin', 'orders', {
            filter: { queue: 'allOrder' },
            sort: [field, order],
            range: [0, 49],
          });
          const values = rows.map((r) => String(r[field]));
          const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          if (order === 'DESC') sorted.reverse();
          // Compared as the database orders them: MySQL's collation folds case, so compare case-blind.
          expect(values.map((v) => v.toLowerCase())).toEqual(
            sorted
              .map((v) => v.toLowerCase())
              .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0) * (order === 'ASC' ? 1 : -1)),
          );
        }
      }
    });

    it('pages by range: consecutive ranges join up without gaps or repeats', async () => {
      const whole = await list('admin', 'orders', { filter: { queue: 'completedOrder' }, range: [0, 29] });
      const first = await list('admin', 'orders', { filter: { queue: 'completedOrder' }, range: [0, 9] });
      const odd = await list('admin', 'orders', { filter: { queue: 'completedOrder' }, range: [10, 29] });
      expect([...first.rows, ...odd.rows].map((r) => r.id)).toEqual(whole.rows.map((r) => r.id));
      expect(odd.res.headers['content-range']).toBe(`orders 10-29/${whole.total}`);
    });

    it('filters orders by status, mode, nationality, assignee and date ranges, with exact totals', async () => {
      const { nationality } = await t.db('orders').whereNotNull('nationality').first('nationality');
      const notDeleted = (q: Knex.QueryBuilder) => q.whereNot({ process_status: 'Deleted' });
      const filters: Array<[Row, (q: Knex.QueryBuilder) => Knex.QueryBuilder]> = [
        [{ queue: 'allOrder', process_status: 'Awaiting' }, (q) => q.where({ process_status: 'Awaiting' })],
        [
          { queue: 'allOrder', process_status: ['Awaiting', 'Refunds'] },
          (q) => q.whereIn('process_status', ['Awaiting', 'Refunds']),
        ],
        [
          { queue: 'newOrder', processing_mode: 'Standard' },
          (q) =>
            q
              .where({ process_status: 'New', processing_mode: 'Standard' })
              .where((w) => w.whereNull('processing_date').orWhere('processing_date', '<=', todayUtc())),
        ],
        [{ queue: 'allOrder', assignee_id: ids.admin }, (q) => notDeleted(q.where({ assignee_id: ids.admin }))],
        [{ queue: 'allOrder', nationality }, (q) => notDeleted(q.where({ nationality }))],
      ];
      for (const [filter, where] of filters) {
        const { rows, total, res } = await list('admin', 'orders', { filter, range: [0, 499] });
        expect(res.headers['x-total-capped']).toBeUndefined();
        const expected = await where(t.db('orders')).count({ n: '*' }).first();
        expect(total, JSON.stringify(filter)).toBe(Number(expected!.n));
        expect(total).toBeGreaterThan(0);
        expect(rows).toHaveLength(Math.min(total, 500));
      }
      const from = dayjs.utc().subtract(20, 'day').format('YYYY-MM-DD');
      const { rows } = await list('admin', 'orders', {
        filter: { queue: 'allOrder', created_at_gte: from },
        range: [0, 499],
      });
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => String(r.created_at) >= `${from} 00:00:00`)).toBe(true);
      const months = await list('admin', 'orders', {
        filter: { queue: 'futureOrder', processing_date_gte: todayUtc(), processing_date_lte: '2999-12-31' },
      });
      const future = await list('admin', 'orders', { filter: { queue: 'futureOrder' } });
      expect(months.total).toBe(future.total);
    });

    it('searches like search-order with the q filter', async () => {
      const order = await t.db('orders').whereNot({ process_status: 'Deleted' }).orderBy('order_id').first();
      const { rows } = await list('admin', 'orders', { filter: { queue: 'allOrder', q: order.last_name } });
      expect(rows.length).toBeGreaterThan(0);
      expect(
        rows.every(
          (r) =>
            String(r.last_name).toLowerCase() === order.last_name.toLowerCase() ||
            String(r.full_name).toLowerCase().startsWith(order.last_name.toLowerCase()) ||
            String(r.email).toLowerCase().startsWith(order.last_name.toLowerCase()),
        ),
      ).toBe(true);
      const byId = await list('admin', 'orders', { filter: { queue: 'allOrder', q: String(order.order_id) } });
      expect(byId.rows.map((r) => r.id)).toContain(order.order_id);
    });

    it('refuses unknown sort or filter fields, bad JSON and ranges over 500 rows with 400', async () => {
      const bad: Array<Record<string, string>> = [
        { sort: '["passport_number","ASC"]' },
        { sort: '["order_id","SIDEWAYS"]' },
        { sort: '{"field":"order_id"}' },
        { filter: '{"passport_number":"X1"}' },
        { filter: '{"queue":"noSuchQueue"}' },
        { filter: '{"created_at_gte":"yesterday"}' },
        { filter: '{"assignee_id":"1 OR 1=1"}' },
        { filter: '[1,2]' },
        { filter: '{"queue":' },
        { sort: 'order_id' },
        { range: '[0,' },
        { range: `[0,${MAX_PAGE_SIZE}]` },
        { range: '[10,5]' },
        { range: '[-1,5]' },
        { range: '[0.5,5]' },
      ];
      for (const query of bad) {
        const res = await t.call(tokens.admin!, { method: 'GET', url: '/api/orders', query });
        expect(res.statusCode, JSON.stringify(query)).toBe(400);
        expect(res.json()).toMatchObject({ status: 0 });
      }
      refusal(await get('admin', '/api/remarks', { range: [0, 9] }), 400);
      refusal(await get('admin', '/api/country-report', { filter: { from: '2026-01-01' } }), 400);
      refusal(await get('admin', '/api/team-members', { filter: { type: 'Overlord' } }), 400);
    });

    it('counts filters the counters cannot serve up to a cap, and marks the total capped', async () => {
      const rng = createRng(7);
      const maxId = Number((await t.db('orders').max({ m: 'order_id' }).first())!.m);
      const created = dayjs.utc().subtract(3, 'day');
      const extra = Array.from({ length: SEARCH_TOTAL_CAP + 5 }, (_, i) => ({
        ...makeOrder(rng, maxId + 1 + i, created),
        nationality: 'ZEDLAND',
        process_status: 'Completed',
      }));
      await t.db.batchInsert('orders', extra, 200);
      await recountOrderCounters(t.db);
      const capped = await list('admin', 'orders', {
        filter: { queue: 'allOrder', nationality: 'ZEDLAND' },
        range: [0, 24],
      });
      expect(capped.res.headers['x-total-capped']).toBe('1');
      expect(capped.total).toBe(SEARCH_TOTAL_CAP);
      expect(capped.rows).toHaveLength(25);
      // A filter the counters serve stays exact past the cap.
      const exact = await list('admin', 'orders', { filter: { queue: 'completedOrder' }, range: [0, 24] });
      expect(exact.res.headers['x-total-capped']).toBeUndefined();
      const n = await t.db('orders').where({ process_status: 'Completed' }).count({ n: '*' }).first();
      expect(exact.total).toBe(Number(n!.n));
      expect(exact.total).toBeGreaterThan(SEARCH_TOTAL_CAP);
    });
  });

  describe('role checks per verb', () => {
    it('refuses lists and records a role may not read', async () => {
      refusal(await get('night', '/api/team-members'), 403);
      refusal(await get('night', `/api/team-members/${ids.admin}`), 403);
      refusal(await get('night', '/api/gateways'), 403);
      refusal(await get('telecaller', '/api/audit-events'), 403);
      refusal(await get('team', '/api/processed-by-report', { filter: { from: '2026-01-01', to: '2026-01-31' } }), 403);
      // Telecallers do not open Order History; their other queues they do, and orders by id (references).
      refusal(await get('telecaller', '/api/orders', { filter: { queue: 'allOrder' } }), 403);
      await list('telecaller', 'orders', { filter: { queue: 'newOrder' } });
      const some = await t.db('orders').orderBy('order_id').limit(3).pluck('order_id');
      const byIds = await list('telecaller', 'orders', { filter: { id: some } });
      expect(byIds.rows.map((r) => r.id).sort()).toEqual(some.map(Number).sort());
      // Every order at once is no queue: a list names its queue.
      refusal(await get('admin', '/api/orders'), 400);
      refusal(await t.call(null, { method: 'GET', url: '/api/orders' }), 401);
    });

    it('serves only the verbs a resource describes', async () => {
      const res = await t.call(tokens.admin!, { method: 'DELETE', url: '/api/orders/1' });
      expect(res.statusCode).toBe(404);
      const put = await t.call(tokens.admin!, { method: 'PUT', url: '/api/audit-events/1', payload: {} });
      expect(put.statusCode).toBe(404);
    });

    it('leaves out the fields a role may not read', async () => {
      const order = await t.db('orders').orderBy('order_id').first();
      const asTeam = (await get('team', `/api/orders/${order.order_id}`)).json() as Row;
      const asAdmin = (await get('admin', `/api/orders/${order.order_id}`)).json() as Row;
      expect(asAdmin).toMatchObject({ id: order.order_id, amount: order.amount, purchase_ip: order.purchase_ip });
      expect(asTeam).toMatchObject({ id: order.order_id, passport_number: order.passport_number });
      for (const hidden of ['amount', 'currency', 'paid_at', 'purchase_ip', 'landing_domain', 'purchase_user_agent']) {
        expect(asTeam).not.toHaveProperty(hidden);
      }
      // Columns no field describes never leave.
      expect(asAdmin).not.toHaveProperty('purchase_user_agent');
      expect(asAdmin).not.toHaveProperty('gateway_id');
      const mails = await list('team', 'mails', { filter: { order_id: order.order_id } });
      expect(mails.rows.every((m) => !('last_error' in m))).toBe(true);
    });
  });

  describe('team-members', () => {
    const send = (role: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.call(tokens[role]!, { method, url, payload });

    it('creates, reads, updates and deletes a member, never answering a password', async () => {
      const created = await send('manager', 'POST', '/api/team-members', {
        name: 'Res Tester',
        email: 'res.tester@demo.test',
        password: 'secret99',
        type: 'Team',
      });
      expect(created.statusCode, created.body).toBe(200);
      const member = created.json() as Row;
      expect(member).toMatchObject({ name: 'Res Tester', email: 'res.tester@demo.test', type: 'Team' });
      expect(JSON.stringify(member)).not.toMatch(/password|secret99|\$2/);
      const { rows } = await list('manager', 'team-members', { filter: { name: 'Res' } });
      expect(rows.map((r) => r.id)).toEqual([member.id]);
      const updated = await send('manager', 'PUT', `/api/team-members/${member.id}`, {
        ...member,
        name: 'Res Tested',
        type: 'Telecaller',
        password: null,
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ id: member.id, name: 'Res Tested', type: 'Telecaller' });
      const all = await list('admin', 'team-members', { sort: ['name', 'ASC'] });
      expect(all.rows.every((r) => !('password' in r) && !('password_hash' in r) && !('token_version' in r))).toBe(
        true,
      );
      const deleted = await send('manager', 'DELETE', `/api/team-members/${member.id}`);
      expect(deleted.json()).toMatchObject({ id: member.id, name: 'Res Tested' });
      refusal(await get('admin', `/api/team-members/${member.id}`), 404);
    });

    it('lets no one raise privileges or remove the last Admin', async () => {
      refusal(
        await send('manager', 'POST', '/api/team-members', {
          name: 'Up',
          email: 'up@demo.test',
          password: 'secret99',
          type: 'Admin',
        }),
        403,
      );
      const self = (await get('team', `/api/team-members/${ids.team}`)).json() as Row;
      refusal(await send('team', 'PUT', `/api/team-members/${ids.team}`, { ...self, type: 'Manager' }), 403);
      refusal(await send('team', 'DELETE', `/api/team-members/${ids.manager}`), 403);
      refusal(await send('admin', 'DELETE', `/api/team-members/${ids.admin}`), 400);
      refusal(
        await send('admin', 'POST', '/api/team-members', {
          name: 'x',
          email: 'bad',
          password: 'secret99',
          type: 'Team',
        }),
        400,
      );
      refusal(
        await send('admin', 'PUT', '/api/team-members/abc', { name: 'x', email: 'x@demo.test', type: 'Team' }),
        404,
      );
    });
  });

  describe('gateways, remarks, histories, audit events and reports', () => {
    it('PUT activates one gateway, audited', async () => {
      const { rows } = await list('team', 'gateways');
      expect(rows.filter((g) => g.is_active === true)).toHaveLength(1);
      const other = rows.find((g) => g.is_active === false)!;
      const res = await t.call(tokens.team!, {
        method: 'PUT',
        url: `/api/gateways/${other.id}`,
        payload: { ...other, is_active: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: other.id, is_active: true });
      const after = await list('team', 'gateways');
      expect(after.rows.filter((g) => g.is_active).map((g) => g.id)).toEqual([other.id]);
      const event = await t.db('audit_events').where({ action: 'gateway' }).orderBy('id', 'desc').first();
      expect(event).toMatchObject({ member_id: ids.team, to_value: other.gateway_name });
      const off = await t.call(tokens.team!, {
        method: 'PUT',
        url: `/api/gateways/${other.id}`,
        payload: { is_active: false },
      });
      refusal(off, 400);
    });

    it('adds comments and lists every history newest first, numbered from the oldest', async () => {
      // An order with every kind of history: a document, its approval mail, downloads and comments.
      const { order_id } = await t
        .db('uploaded_documents as u')
        .join('mail_outbox as m', 'm.order_id', 'u.order_id')
        .join('download_history as h', 'h.order_id', 'u.order_id')
        .first('u.order_id');
      const order = { order_id: Number(order_id) };
      const before = await list('telecaller', 'remarks', { filter: { order_id: order.order_id } });
      const res = await t.call(tokens.telecaller!, {
        method: 'POST',
        url: '/api/remarks',
        payload: { order_id: order.order_id, remark: 'Called, all fine.', whatsapp: true, telephone: false },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        order_id: order.order_id,
        remark: 'Called, all fine.',
        remark_name: 'Demo Telecaller',
        whatsapp: true,
        telephone: false,
        seq: before.total + 1,
      });
      refusal(
        await t.call(tokens.telecaller!, {
          method: 'POST',
          url: '/api/remarks',
          payload: { order_id: order.order_id, remark: '' },
        }),
        400,
      );
      for (const resource of ['remarks', 'mails', 'downloads', 'documents']) {
        const { rows, total } = await list('admin', resource, { filter: { order_id: order.order_id } });
        expect(total, resource).toBeGreaterThan(0);
        expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: total }, (_, i) => total - i));
        expect(rows.every((r) => r.order_id === order.order_id)).toBe(true);
      }
      const mails = await list('admin', 'mails', { filter: { order_id: order.order_id } });
      expect(mails.rows.length).toBeGreaterThan(0);
      for (const mail of mails.rows) {
        expect(mail).toHaveProperty('state');
        expect(mail).toHaveProperty('message_id');
      }
      const documents = await list('admin', 'documents', { filter: { order_id: order.order_id } });
      expect(documents.rows[0]).toMatchObject({ link: `/uploads/docs/${order.order_id}_${documents.rows[0]!.file1}` });
    });

    it('lists audit events by order, member, action and time', async () => {
      const { rows, total } = await list('manager', 'audit-events', {
        filter: { action: 'gateway', member_id: ids.team },
      });
      expect(total).toBeGreaterThan(0);
      expect(rows.every((r) => r.action === 'gateway' && r.member_id === ids.team)).toBe(true);
      const today = todayUtc();
      const recent = await list('manager', 'audit-events', {
        filter: { created_at_gte: today, created_at_lte: today },
      });
      expect(recent.total).toBeGreaterThanOrEqual(total);
    });

    it('answers the reports for a period, sorted and paged', async () => {
      const from = dayjs.utc().subtract(1, 'year').format('YYYY-MM-DD');
      const to = todayUtc();
      // The changes made above reach the totals through the rollup worker: both reads must see the same.
      await rollupsSettled(t.db);
      const country = await list('team', 'country-report', { filter: { from, to }, sort: ['count', 'DESC'] });
      const spec = await t.call(tokens.team!, {
        method: 'POST',
        url: '/api/admin/get-country-order-count',
        payload: { fromDate: from, toDate: to },
      });
      expect(country.total).toBe(spec.json().data.length);
      expect(country.rows.map((r) => r.count)).toEqual(spec.json().data.map((r: Row) => r.count));
      expect(country.rows[0]).toMatchObject({ id: country.rows[0]!.nationality });
      const processed = await list('manager', 'processed-by-report', {
        filter: { from, to },
        sort: ['processed_by', 'ASC'],
      });
      const names = processed.rows.map((r) => String(r.processed_by));
      expect(names).toEqual([...names].sort());
    });
  });
});

describe('a fixture registry given to the app factory', () => {
  it('changes what the API sorts, filters and answers, with no code change', async () => {
    const orders = RESOURCES.orders!;
    const registry = {
      ...RESOURCES,
      orders: {
        ...orders,
        // Nationality no longer filters, full name no longer sorts, passport numbers are for Admins only.
        fields: orders.fields.map((f) =>
          f.source === 'nationality'
            ? { ...f, filter: undefined }
            : f.source === 'full_name'
              ? { ...f, sortable: false }
              : f.source === 'passport_number'
                ? { ...f, roles: ['Admin' as const] }
                : f,
        ),
      },
    };
    const t = await createTestApp('sqlite', { registry });
    try {
      const { tokens } = await signInDemoAccounts(t);
      const call = (role: string, url: string, query: Record<string, string> = {}) =>
        t.call(tokens[role]!, { method: 'GET', url, query });
      expect(
        (await call('admin', '/api/orders', { filter: '{"queue":"allOrder","nationality":"FRANCE"}' })).statusCode,
      ).toBe(400);
      expect(
        (await call('admin', '/api/orders', { filter: '{"queue":"allOrder"}', sort: '["full_name","ASC"]' }))
          .statusCode,
      ).toBe(400);
      const order = await t.db('orders').orderBy('order_id').first();
      expect((await call('admin', `/api/orders/${order.order_id}`)).json()).toHaveProperty('passport_number');
      expect((await call('manager', `/api/orders/${order.order_id}`)).json()).not.toHaveProperty('passport_number');
      const described = (await call('manager', '/api/admin/registry')).json().data as Array<{
        name: string;
        fields: Row[];
      }>;
      const fields = described.find((r) => r.name === 'orders')!.fields.map((f) => f.source);
      expect(fields).not.toContain('passport_number');
    } finally {
      await t.close();
    }
  });

  it('refuses to start with a resource that has no repository, or a verb its repository lacks', async () => {
    const orphan = { ...RESOURCES.gateways!, name: 'orphans' };
    await expect(createTestApp('sqlite', { seed: false, registry: { ...RESOURCES, orphans: orphan } })).rejects.toThrow(
      /orphans has no repository/,
    );
    const deletable = {
      ...RESOURCES.gateways!,
      permissions: { ...RESOURCES.gateways!.permissions, delete: 'gateways.manage' as const },
    };
    await expect(
      createTestApp('sqlite', { seed: false, registry: { ...RESOURCES, gateways: deletable } }),
    ).rejects.toThrow(/gateways describes delete/);
  });
});
