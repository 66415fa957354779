import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, RESOURCES, VERBS, type Registry } from '@app/domain';
import { missingIndexes } from '../../../api/src/db/registryIndexes.js';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import {
  addFixtureColumns,
  employeeCodeOf,
  MEMBER_FIXTURE,
  ORDER_FIXTURE,
  registryWithFixtures,
} from '../../helpers/registryFixtureFields.js';

type Row = Record<string, unknown>;

/**
 * The API's query and body schemas are made from the registry (api/src/core/registrySchemas.ts): what
 * a list sorts and filters by, and which values; what a form takes. Anything else answers 400 naming
 * the field, a filter or the value that is not one, in the envelope's sentence.
 */
describe.each(dialects())('schemas made from the registry on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { registry: registryWithFixtures });
    await addFixtureColumns(t.db);
    ({ tokens, ids } = await signInDemoAccounts(t));
  });
  afterAll(() => t?.close());

  const list = (resource: string, query: Record<string, unknown>, role = 'admin') =>
    t.call(tokens[role]!, {
      method: 'GET',
      url: `/api/${resource}`,
      query: Object.fromEntries(
        Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ),
    });
  const send = (method: 'POST' | 'PUT', url: string, payload: object, role = 'admin') =>
    t.call(tokens[role]!, { method, url, payload });
  const refused = (
    res: { statusCode: number; json(): { status: number; message: string } },
    message: string | RegExp,
  ) => {
    expect(res.statusCode, res.json().message).toBe(400);
    expect(res.json().status).toBe(0);
    expect(res.json().message).toMatch(typeof message === 'string' ? new RegExp(`^${escape(message)}$`) : message);
  };
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  it('refuses a sort, a filter or a query parameter the registry does not declare, naming it', async () => {
    const queue = { queue: 'allOrder' };
    refused(
      await list('orders', { filter: queue, sort: ['passport_number', 'ASC'] }),
      'Cannot sort by passport_number.',
    );
    refused(await list('orders', { filter: queue, sort: ['no_such_field', 'DESC'] }), 'Cannot sort by no_such_field.');
    refused(await list('orders', { filter: { ...queue, passport_number: 'X1' } }), 'Unknown filter: passport_number.');
    // A range field filters by its bounds only; a prefix or eq field by its own name only.
    refused(await list('orders', { filter: { ...queue, created_at: '2026-01-01' } }), 'Unknown filter: created_at.');
    refused(await list('team-members', { filter: { name_gte: 'A' } }), 'Unknown filter: name_gte.');
    refused(await list('orders', { filter: queue, page: '2' }), 'Unknown query parameter: page.');
    refused(await list('orders', { filter: queue, sort: ['order_id', 'SIDEWAYS'] }), /^sort must be \["field"/);
    refused(await list('orders', { filter: queue, range: [0.5, 5] }), /^range must be \[start, end\]/);
    refused(await list('orders', { filter: '{"queue":' }), 'filter must be JSON.');
    refused(await list('remarks', { range: [0, 9] }), 'Filter order_id is required.');
    refused(await list('country-report', { filter: { from: '2026-01-01' } }), 'Filter to is required.');
  });

  it('refuses a filter value of the wrong type, naming the filter', async () => {
    const queue = { queue: 'allOrder' };
    refused(
      await list('orders', { filter: { ...queue, assignee_id: '1 OR 1=1' } }),
      'Filter assignee_id must be a whole number.',
    );
    refused(
      await list('orders', { filter: { ...queue, assignee_id: [1, 'x'] } }),
      'Filter assignee_id must be a whole number.',
    );
    refused(
      await list('orders', { filter: { ...queue, created_at_gte: 'yesterday' } }),
      'Filter created_at_gte must be a date or a date and time.',
    );
    refused(
      await list('orders', { filter: { queue: 'futureOrder', processing_date_lte: '2026-02-31' } }),
      'Filter processing_date_lte must be a date (YYYY-MM-DD).',
    );
    refused(await list('orders', { filter: { queue: 'noSuchQueue' } }), /^Filter queue must be one of: /);
    refused(await list('team-members', { filter: { type: 'Overlord' } }), /^Filter type must be one of: Admin, /);
    refused(await list('gateways', { filter: { is_active: 'maybe' } }), 'Filter is_active must be true or false.');
    refused(
      await list('orders', { filter: { ...queue, [ORDER_FIXTURE.source]: 'many' } }),
      'Filter visit_count must be a whole number.',
    );
  });

  it('sorts and filters by a field the registry adds, with the index it names', async () => {
    const res = await list('orders', {
      filter: { queue: 'allOrder', visit_count: 3 },
      sort: ['visit_count', 'ASC'],
      range: [0, 99],
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as Row[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.visit_count === 3)).toBe(true);
    const n = await t
      .db('orders')
      .whereNot('process_status', 'Deleted')
      .where({ visit_count: 3 })
      .count({ n: '*' })
      .first();
    expect(res.headers['content-range']).toMatch(new RegExp(`/${Number(n!.n)}$`));

    const members = await list('team-members', { filter: { employee_code: 'EMP-1' }, sort: ['employee_code', 'DESC'] });
    expect(members.statusCode, members.body).toBe(200);
    const codes = (members.json() as Row[]).map((m) => m.employee_code as string);
    expect(codes.length).toBe(Object.keys(ids).length);
    expect(codes).toEqual([...codes].sort().reverse());

    // The index check: the fixture fields are served by the indexes they name; a sortable field without one fails it.
    const fixtureLines = (lines: string[]) => lines.filter((line) => /visit_|employee_code/.test(line));
    expect(fixtureLines(await missingIndexes(t.db, registryWithFixtures))).toEqual([]);
    await t.db.schema.alterTable('orders', (table) => table.integer('visit_rank').nullable());
    const unindexed: Registry = {
      ...registryWithFixtures,
      orders: {
        ...registryWithFixtures.orders!,
        fields: [
          ...registryWithFixtures.orders!.fields,
          { source: 'visit_rank', type: 'number', places: ['list'], sortable: true, index: 'orders_visit_rank_idx' },
          { source: 'visit_rank', column: 'visit_rank', type: 'number', places: [], filter: 'eq' },
        ],
      },
    };
    expect(fixtureLines(await missingIndexes(t.db, unindexed))).toEqual([
      'orders.visit_rank: index orders_visit_rank_idx missing',
      'orders.visit_rank: index not named',
    ]);
  });

  it('takes a form field the registry adds, checks its rules and refuses a wrong type naming it', async () => {
    const member = { name: 'Fixture Member', email: 'fixture.member@demo.test', password: 'secret99', type: 'Team' };
    refused(
      await send('POST', '/api/team-members', { ...member, employee_code: 'bad' }),
      /^employee_code must match pattern/,
    );
    refused(
      await send('POST', '/api/team-members', { ...member, employee_code: { code: 'EMP-001' } }),
      'employee_code must be string',
    );
    refused(
      await send('POST', '/api/team-members', { ...member, employee_code: 'EMP-0001' }),
      /^employee_code must NOT have more than 7 characters/,
    );
    refused(
      await send('POST', '/api/team-members', { ...member, nickname: 'Fix' }),
      'nickname is not a field of this form.',
    );

    const created = await send('POST', '/api/team-members', { ...member, employee_code: 'FIX-001' });
    expect(created.statusCode, created.body).toBe(200);
    const record = created.json() as Row;
    expect(record).toMatchObject({ name: member.name, employee_code: 'FIX-001' });
    // react-admin's Edit sends the record back whole: its read-only fields are taken and left alone.
    const updated = await send('PUT', `/api/team-members/${record.id}`, {
      ...record,
      employee_code: 'FIX-002',
      password: null,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ employee_code: 'FIX-002', last_login_at: null });

    // The old-system endpoints of Manage Team take and answer the same fields, from the same entry.
    const spec = (path: string, payload: object) => send('POST', `/api/admin/${path}`, payload);
    refused(
      await spec('update-team-member', { tmId: record.id, ...member, employee_code: 'no' }),
      /^employee_code must match pattern/,
    );
    const viaSpec = await spec('update-team-member', {
      tmId: record.id,
      ...member,
      password: '',
      employee_code: 'FIX-003',
    });
    expect(viaSpec.json()).toMatchObject({ status: 1, data: { id: record.id, employee_code: 'FIX-003' } });
    const listed = await t.call(tokens.admin!, { method: 'GET', url: '/api/admin/get-team-member-list' });
    const codes = (listed.json().data as Row[]).map((m) => m.employee_code);
    expect(codes).toContain('FIX-003');
    expect(codes).toContain(employeeCodeOf(ids.admin!));
    expect(JSON.stringify(listed.json())).not.toMatch(/password/);
  });

  it('words a form rule as the registry says, and refuses a wrong type naming the field', async () => {
    const member = { name: 'A', email: 'a@b.co', password: 'secret1', type: 'Team' };
    refused(await send('POST', '/api/team-members', { ...member, type: 'Overlord' }), MESSAGES.teamTypeRequired);
    refused(await send('POST', '/api/team-members', { ...member, email: 'nope' }), MESSAGES.teamEmailInvalid);
    refused(await send('POST', '/api/team-members', { ...member, email: undefined }), MESSAGES.teamEmailRequired);
    refused(await send('POST', '/api/team-members', { ...member, password: '12345' }), MESSAGES.teamPasswordMin);
    refused(await send('POST', '/api/team-members', { ...member, password: undefined }), MESSAGES.teamPasswordRequired);
    refused(
      await send('POST', '/api/team-members', { ...member, name: 'two\nlines' }),
      'name must be one line of text, without control characters.',
    );
    const order = await t.db('orders').orderBy('order_id').first('order_id');
    refused(await send('POST', '/api/remarks', { order_id: 'first', remark: 'Hi' }), 'order_id must be integer');
    refused(await send('POST', '/api/remarks', { order_id: order.order_id, remark: '' }), MESSAGES.remarkRequired);
    refused(
      await send('POST', '/api/remarks', { order_id: order.order_id, remark: 'Hi', whatsapp: 'often' }),
      'whatsapp must be boolean',
    );
    refused(await send('POST', '/api/remarks', { remark: 'Hi' }), 'order_id is required');
    const [gateway] = (await list('gateways', {})).json() as Row[];
    refused(await send('PUT', `/api/gateways/${gateway!.id}`, { is_active: 'maybe' }), MESSAGES.gatewayRequired);
    refused(
      await send('PUT', `/api/gateways/${gateway!.id}`, { is_active: true, fee: 1 }),
      'fee is not a field of this form.',
    );
  });
});

describe('the registry declares nothing that is not read', () => {
  const resources = Object.values(RESOURCES);

  it('places a field on a form only where a resource is created or updated, and gives rules only to form fields', () => {
    for (const resource of resources) {
      const writes = !!(resource.permissions.create || resource.permissions.update);
      for (const field of resource.fields) {
        const name = `${resource.name}.${field.source}`;
        if (field.places.includes('form')) expect(writes, name).toBe(true);
        if (field.validate) expect(field.places, name).toContain('form');
      }
    }
  });

  it('names only messages of the catalogue, filters on filter fields and the verbs it knows', () => {
    for (const resource of resources) {
      expect(Object.keys(resource.permissions).every((verb) => (VERBS as readonly string[]).includes(verb))).toBe(true);
      for (const field of resource.fields) {
        const name = `${resource.name}.${field.source}`;
        const keys = [field.validate?.message, ...Object.values(field.validate?.messages ?? {})].filter(Boolean);
        for (const key of keys) expect(Object.keys(MESSAGES), name).toContain(key);
        if (field.places.includes('filter')) expect(field.filter, name).toBeDefined();
        // The Show page shows a field in its section (admin/src/registry/ShowSections.tsx).
        if (field.places.includes('show'))
          expect(
            resource.sections?.map((s) => s.key),
            name,
          ).toContain(field.section);
      }
      for (const required of resource.requiredFilters ?? [])
        expect(
          resource.fields.find((f) => f.source === required)?.filter,
          `${resource.name}.${required}`,
        ).toBeDefined();
      expect(resource.fields.find((f) => f.source === resource.defaultSort.field)?.sortable, resource.name).toBe(true);
    }
    expect(MEMBER_FIXTURE.places).toContain('form');
  });
});
