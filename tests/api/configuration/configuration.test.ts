import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { can, LOCKED_FIELDS, ROLES, type Role } from '@app/domain';
import { createTestApp, signInDemoAccounts, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { tableChecksums } from '../../helpers/checksum.js';
import { endpoints } from '../../helpers/endpoints.js';

/**
 * The configuration's API: /api/order-fields and /api/custom-queues in ra-data-simple-rest's
 * conventions, for Admins only; every rule of a configuration refused with 400 naming the problem and
 * nothing changed; built-in overrides and their defaults; removal that keeps values; type changes the
 * values cannot follow; custom queues; and the audit trail of every change.
 */
const ACCOUNTS: Record<Role, string> = {
  Admin: 'admin',
  Manager: 'manager',
  Team: 'team',
  Telecaller: 'telecaller',
  'Night Staff': 'night',
};

const visaType = {
  id: 'visa_type',
  label: 'Visa type',
  labelFr: 'Type de visa',
  type: 'choice',
  choices: ['Tourist', 'Business', 'Transit'],
  readRoles: ['Admin', 'Manager', 'Team'],
  editRoles: ['Admin', 'Team'],
  column: true,
  columnDefault: true,
  filter: true,
  sortable: true,
};

describe.each(dialects())('the configuration API on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  const as = (role: Role, options: InjectOptions) => t.call(tokens[ACCOUNTS[role]]!, options);
  const admin = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    as('Admin', { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  const registryOf = async (role: Role) =>
    (await as(role, { method: 'GET', url: '/api/admin/registry' }))
      .json()
      .data.find((r: { name: string }) => r.name === 'orders') as {
      fields: Array<{ source: string; labelText?: { en: string; fr?: string }; editRoles?: string[] }>;
    };
  const configurationTables = async () => {
    const sums = await tableChecksums(t.db);
    return Object.fromEntries(
      ['order_fields', 'custom_queues', 'order_values', 'custom_queue_orders', 'audit_events', 'settings'].map((n) => [
        n,
        sums[n],
      ]),
    );
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ tokens } = await signInDemoAccounts(t));
  });
  afterAll(() => t?.close());

  it('serves every configuration endpoint to Admins only (configuration.manage), as the role matrix walks them', async () => {
    const managed = endpoints(t.app).filter((e) => /^\/api\/(order-fields|custom-queues|configuration)/.test(e.url));
    expect(managed.map((e) => `${e.method} ${e.url}`).sort()).toEqual(
      [
        'DELETE /api/custom-queues/:id',
        'DELETE /api/order-fields/:id',
        'GET /api/configuration/export',
        'GET /api/custom-queues',
        'GET /api/custom-queues/:id',
        'GET /api/order-fields',
        'GET /api/order-fields/:id',
        'POST /api/configuration/import',
        'POST /api/custom-queues',
        'POST /api/order-fields',
        'PUT /api/custom-queues/:id',
        'PUT /api/order-fields/:id',
      ].sort(),
    );
    for (const e of managed) expect(e.permission, e.url).toBe('configuration.manage');
    expect(ROLES.filter((role) => can(role, 'configuration.manage'))).toEqual(['Admin']);

    const before = await configurationTables();
    for (const role of ROLES.filter((r) => r !== 'Admin')) {
      for (const e of managed) {
        const res = await as(role, {
          method: e.method as 'GET',
          url: e.url.replace(':id', 'visa_type'),
          ...(e.body ? { payload: visaType } : {}),
        });
        expect([role, e.method, e.url, res.statusCode]).toEqual([role, e.method, e.url, 403]);
        expect(res.json()).toEqual({ status: 0, message: 'You do not have permission to do this.' });
      }
    }
    const nobody = await t.call(null, { method: 'GET', url: '/api/order-fields' });
    expect(nobody.statusCode).toBe(401);
    expect(await configurationTables()).toEqual(before);
  });

  it('lists built-in fields with their defaults and locks, in simple-rest conventions', async () => {
    const all = await admin('GET', '/api/order-fields');
    expect(all.statusCode, all.body).toBe(200);
    const total = all.json().length;
    expect(all.headers['content-range']).toBe(`order-fields 0-${total - 1}/${total}`);
    const email = all.json().find((f: { id: string }) => f.id === 'email');
    expect(email).toMatchObject({
      builtIn: true,
      type: 'email',
      label: null,
      column: true,
      locked: LOCKED_FIELDS.email,
      defaults: { labelKey: 'resources.orders.fields.email', section: 'personal', columnDefault: true },
    });

    const page = await admin(
      'GET',
      `/api/order-fields?sort=${encodeURIComponent('["id","DESC"]')}&range=${encodeURIComponent('[0,9]')}&filter=${encodeURIComponent('{"builtIn":true}')}`,
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toHaveLength(10);
    expect(page.headers['content-range']).toBe(`order-fields 0-9/${total}`);
    const ids = page.json().map((f: { id: string }) => f.id);
    expect(ids).toEqual([...ids].sort().reverse());

    const many = await admin('GET', `/api/order-fields?filter=${encodeURIComponent('{"id":["email","occupation"]}')}`);
    expect(
      many
        .json()
        .map((f: { id: string }) => f.id)
        .sort(),
    ).toEqual(['email', 'occupation']);

    for (const [query, message] of [
      ['sort=["colour","ASC"]', 'Cannot sort by colour.'],
      ['filter={"colour":1}', 'Unknown filter: colour.'],
      ['filter={', 'filter must be JSON.'],
      ['range=[5,1]', 'range must be [start, end], whole numbers with start <= end.'],
    ]) {
      const res = await admin('GET', `/api/order-fields?${encodeURI(query!)}`);
      expect([query, res.statusCode, res.json().message]).toEqual([query, 400, message]);
    }
  });

  it('adds a custom field that the registry answers to the roles that may read it, and nobody else', async () => {
    const created = await admin('POST', '/api/order-fields', visaType);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ ...visaType, builtIn: false, removed: false, section: '' });
    expect((await admin('GET', '/api/order-fields/visa_type')).json()).toEqual(created.json());

    const team = (await registryOf('Team')).fields.find((f) => f.source === 'visa_type');
    expect(team).toMatchObject({
      custom: true,
      type: 'select',
      labelText: { en: 'Visa type', fr: 'Type de visa' },
      choices: visaType.choices,
      editRoles: ['Admin', 'Team'],
      section: 'additional',
    });
    expect((await registryOf('Telecaller')).fields.map((f) => f.source)).not.toContain('visa_type');

    // Renaming a label changes the registry, not the field's key.
    const renamed = await admin('PUT', '/api/order-fields/visa_type', {
      ...created.json<object>(),
      label: 'Visa category',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await registryOf('Manager')).fields.find((f) => f.source === 'visa_type')?.labelText?.en).toBe(
      'Visa category',
    );
  });

  it('refuses every bad record with 400 naming the problem, and changes nothing', async () => {
    const before = await configurationTables();
    const refusals: Array<[string, InjectOptions['method'], string, unknown, string | RegExp]> = [
      [
        'unknown type',
        'POST',
        '/api/order-fields',
        { ...visaType, id: 'colour', type: 'colour' },
        /^Unknown type "colour": one of text, longText/,
      ],
      [
        'a key of a built-in field',
        'POST',
        '/api/order-fields',
        { ...visaType, id: 'email' },
        'email is the name of a built-in field: choose another key.',
      ],
      ['a key taken', 'POST', '/api/order-fields', visaType, 'id: a field with the key visa_type exists already.'],
      [
        'a key not lower-case',
        'POST',
        '/api/order-fields',
        { ...visaType, id: 'Visa Type' },
        /^A key is lower-case letters/,
      ],
      [
        '201 choices',
        'POST',
        '/api/order-fields',
        { ...visaType, id: 'many', choices: Array.from({ length: 201 }, (_, i) => `c${i}`) },
        'A choice field has at most 200 choices (this one has 201).',
      ],
      [
        'a label over two lines',
        'POST',
        '/api/order-fields',
        { ...visaType, id: 'two_lines', label: 'Visa\ntype' },
        'label is one line of text of at most 100 characters, not blank, without direction controls.',
      ],
      [
        'a choice with a control character',
        'POST',
        '/api/order-fields',
        { ...visaType, id: 'control', choices: ['A\u0007'] },
        'Each choice is one line of text of 1 to 100 characters, not blank, without direction controls.',
      ],
      [
        'repeated choices',
        'POST',
        '/api/order-fields',
        { ...visaType, id: 'twice', choices: ['A', 'A'] },
        'The choices repeat one another.',
      ],
      [
        'an unknown role',
        'POST',
        '/api/order-fields',
        { ...visaType, id: 'roles', readRoles: ['Boss'] },
        /^Roles that read it is a list of roles/,
      ],
      ['no label', 'POST', '/api/order-fields', { id: 'nolabel', type: 'text' }, 'label is required.'],
      [
        'a property no record has',
        'POST',
        '/api/order-fields',
        { ...visaType, id: 'extra', colour: 'red' },
        'colour is not a field of this form.',
      ],
      [
        'a label that is not text',
        'PUT',
        '/api/order-fields/visa_type',
        { label: { en: 'Visa' } },
        'label is text of at most 100 characters, or null.',
      ],
      [
        'min above max',
        'POST',
        '/api/order-fields',
        { id: 'age', label: 'Age', type: 'number', min: 9, max: 1 },
        'max must not be below min.',
      ],
      [
        'a pattern that is no regular expression',
        'POST',
        '/api/order-fields',
        { id: 'ref', label: 'Ref', type: 'text', pattern: '(' },
        'pattern is not a valid regular expression (RE2 syntax: no back-references nor look-arounds).',
      ],
      [
        'an unknown section',
        'POST',
        '/api/order-fields',
        { id: 'ref', label: 'Ref', type: 'text', section: 'garage' },
        /^section is one of: orderDetails/,
      ],
      [
        'a queue filter on a field that does not exist',
        'POST',
        '/api/custom-queues',
        { name: 'Odd', statuses: ['New'], roles: ['Team'], filter: { nope: 'x' } },
        'The filter names nope, which is no field of orders: take it out of the filter.',
      ],
      [
        'a queue filter value that is no choice',
        'POST',
        '/api/custom-queues',
        { name: 'Odd', statuses: ['New'], roles: ['Team'], filter: { visa_type: 'Work' } },
        'The condition on Visa category takes one of: Tourist, Business, Transit.',
      ],
      [
        'a queue with no status',
        'POST',
        '/api/custom-queues',
        { name: 'Odd', statuses: [], roles: ['Team'] },
        /^statuses is a list of one or more of: New/,
      ],
      [
        'a key a range filter would shadow',
        'POST',
        '/api/order-fields',
        { id: 'visits_gte', label: 'Visits', type: 'number' },
        /^visits_gte is, or ends like, the name of a list filter/,
      ],
      [
        'a field nobody reads',
        'POST',
        '/api/order-fields',
        { ...visaType, id: 'nobody', readRoles: [] },
        'Roles that read it: pick at least one role.',
      ],
      [
        'a list on a range filter',
        'POST',
        '/api/custom-queues',
        { name: 'Odd', statuses: ['New'], roles: ['Admin'], filter: { processing_date_gte: ['2026-01-01'] } },
        'The condition on Processing date (from) takes one value, not a list.',
      ],
      [
        'a queue filter value of the wrong type',
        'POST',
        '/api/custom-queues',
        { name: 'Odd', statuses: ['New'], roles: ['Admin'], filter: { created_at_gte: '2026-01-01T10:00:00Z' } },
        /^The condition on Created at \(from\) takes a date \(YYYY-MM-DD\) or a UTC date and time/,
      ],
      [
        'a queue that would tell a role a value it may not read',
        'POST',
        '/api/custom-queues',
        { name: 'Odd', statuses: ['New'], roles: ['Team', 'Telecaller'], filter: { visa_type: 'Business' } },
        'Telecaller may not read Visa category: the queue would tell them its value. ' +
          'Let them read the field (Roles that read it), or take them off the queue.',
      ],
      [
        'a queue whose address is the Configuration list',
        'POST',
        '/api/custom-queues',
        { id: 'queues', name: 'Odd', statuses: ['New'], roles: ['Team'] },
        /^A queue cannot be called "queues"/,
      ],
      [
        'a queue nobody sees',
        'POST',
        '/api/custom-queues',
        { name: 'Odd', statuses: ['New'], roles: [] },
        'Roles: pick at least one role.',
      ],
      ['an unknown field', 'PUT', '/api/order-fields/colour', { label: 'Colour' }, 'Record not found.'],
      [
        'a built-in field added',
        'POST',
        '/api/order-fields',
        { ...visaType, id: 'email', builtIn: true },
        /^builtIn: a built-in field is changed with PUT/,
      ],
    ];
    for (const [what, method, url, payload, message] of refusals) {
      const res = await admin(method, url, payload);
      const status = message === 'Record not found.' ? 404 : 400;
      expect([what, res.statusCode]).toEqual([what, status]);
      expect([what, res.json().message]).toEqual([
        what,
        expect.stringMatching(message instanceof RegExp ? message : `^${escape(message)}$`),
      ]);
      expect(res.json().status).toBe(0);
    }
    // react-admin shows a record's refusal under the input it concerns, and the message as its notification.
    const pattern = await admin('POST', '/api/order-fields', { id: 'ref', label: 'Ref', type: 'number', pattern: 'x' });
    expect(pattern.json().errors).toMatchObject({
      pattern: 'Only a text field has a pattern: clear the pattern first, or keep the type Text.',
    });
    const queue = await admin('POST', '/api/custom-queues', {
      name: 'Night',
      statuses: [],
      roles: ['Night Staff'],
      filter: { visa_type: 'Business' },
    });
    expect(queue.json().errors).toEqual({
      statuses: expect.stringMatching(/^statuses is a list of one or more of/),
      filter:
        'Night Staff may not read Visa category: the queue would tell them its value. ' +
        'Let them read the field (Roles that read it), or take them off the queue.',
      root: { serverError: queue.json().message },
    });
    expect(await configurationTables()).toEqual(before);
  });

  it('answers hostile bodies and parameters with 4xx and a message, never a 500, and changes nothing', async () => {
    const before = await configurationTables();
    const bodies: unknown[] = [
      [],
      ['x'],
      'text',
      42,
      true,
      { id: {} },
      { id: 'x'.repeat(200), label: 'x'.repeat(5000), type: 'text' },
      { choices: [{}] },
      { filter: [] },
      { statuses: 'New', filter: { a: { b: { c: 1 } } } },
      { position: 1e300 },
      { min: 'NaN' },
      { fields: 'x', queues: 1 },
      { fields: [null, 1, 'x', []], queues: [null, { filter: 'x' }] },
      { fields: [{ id: 'a', builtIn: 'yes', readRoles: [1] }], queues: [{ id: '../x', statuses: [null] }] },
    ];
    const targets: Array<[InjectOptions['method'], string]> = [
      ['POST', '/api/order-fields'],
      ['PUT', '/api/order-fields/visa_type'],
      ['PUT', '/api/order-fields/email'],
      ['POST', '/api/custom-queues'],
      ['PUT', '/api/custom-queues/none'],
      ['POST', '/api/configuration/import?dryRun=true'],
      ['POST', '/api/configuration/import'],
    ];
    const failures: string[] = [];
    for (const [method, url] of targets) {
      for (const body of bodies) {
        const res = await admin(method, url, body);
        const answer = res.json();
        if (res.statusCode < 400 || res.statusCode >= 500 || answer.status !== 0 || !answer.message)
          failures.push(
            `${method} ${url} ${JSON.stringify(body).slice(0, 60)}: ${res.statusCode} ${res.body.slice(0, 100)}`,
          );
      }
    }
    for (const url of ['/api/order-fields/%00', `/api/order-fields/${'x'.repeat(101)}`, '/api/custom-queues/..%2F']) {
      const res = await admin('GET', url);
      if (![400, 404, 414].includes(res.statusCode)) failures.push(`GET ${url}: ${res.statusCode}`);
    }
    for (const query of ['dryRun=maybe', 'dryRun[]=1', 'colour=red'])
      if ((await admin('POST', `/api/configuration/import?${query}`, { fields: [], queues: [] })).statusCode !== 400)
        failures.push(`import ?${query} accepted`);
    expect(failures).toEqual([]);
    expect(await configurationTables()).toEqual(before);
  });

  it('refuses the 101st custom field, naming the limit', async () => {
    const before = await configurationTables();
    const document = (await admin('GET', '/api/configuration/export')).json();
    const fields = [
      ...document.fields,
      ...Array.from(
        { length: 100 - document.fields.filter((f: { builtIn: boolean }) => !f.builtIn).length },
        (_, i) => ({
          id: `extra_${i}`,
          label: `Extra ${i}`,
          type: 'text',
        }),
      ),
    ];
    const hundred = await admin('POST', '/api/configuration/import?dryRun=true', { ...document, fields });
    expect(hundred.statusCode, hundred.body).toBe(200);
    const over = await admin('POST', '/api/configuration/import?dryRun=true', {
      ...document,
      fields: [...fields, { id: 'extra_last', label: 'One too many', type: 'text' }],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().problems).toEqual([
      { path: 'fields', message: 'At most 100 custom fields (removed ones count): this has 101.' },
    ]);
    expect(await configurationTables()).toEqual(before);
  });

  it('keeps a locked built-in field readable by the roles that act on it, saying why', async () => {
    const res = await admin('PUT', '/api/order-fields/email', { readRoles: ['Admin', 'Manager'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `Email cannot be hidden from Team, Telecaller and Night Staff: ${LOCKED_FIELDS.email!.reason}`,
    );
    expect(await t.db('order_fields').where({ id: 'email' }).first()).toBeUndefined();
  });

  it('overrides a built-in field beside its defaults, and restores the default', async () => {
    const res = await admin('PUT', '/api/order-fields/occupation', {
      label: 'Job',
      labelFr: 'Métier',
      readRoles: ['Admin', 'Manager', 'Team'],
      section: 'passport',
      position: 5,
      // What else the record carries is the code's: ignored.
      type: 'number',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: 'occupation',
      builtIn: true,
      type: 'text',
      label: 'Job',
      readRoles: ['Admin', 'Manager', 'Team'],
      section: 'passport',
      position: 5,
      defaults: { labelKey: 'resources.orders.fields.occupation', section: 'personal', readRoles: [...ROLES] },
    });
    expect((await registryOf('Team')).fields.find((f) => f.source === 'occupation')).toMatchObject({
      labelText: { en: 'Job', fr: 'Métier' },
      section: 'passport',
      position: 5,
    });
    expect((await registryOf('Telecaller')).fields.map((f) => f.source)).not.toContain('occupation');

    const restored = await admin('DELETE', '/api/order-fields/occupation');
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ label: null, section: 'personal', readRoles: [...ROLES] });
    expect(await t.db('order_fields').where({ id: 'occupation' }).first()).toBeUndefined();
    const telecaller = (await registryOf('Telecaller')).fields.find((f) => f.source === 'occupation');
    expect(telecaller).toBeDefined();
    expect(telecaller!.labelText).toBeUndefined();
  });

  it('removes a custom field keeping its values, and restores it with them', async () => {
    const order = await t.db('orders').orderBy('order_id').first('order_id');
    await t.db('order_values').insert({ order_id: order.order_id, field_id: 'visa_type', value_text: 'Business' });

    const removed = await admin('DELETE', '/api/order-fields/visa_type');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ id: 'visa_type', removed: true });
    expect((await registryOf('Admin')).fields.map((f) => f.source)).not.toContain('visa_type');
    expect(await t.db('order_values').where({ field_id: 'visa_type' }).pluck('value_text')).toEqual(['Business']);
    const listed = await admin('GET', `/api/order-fields?filter=${encodeURIComponent('{"removed":true}')}`);
    expect(listed.json().map((f: { id: string }) => f.id)).toEqual(['visa_type']);

    const restored = await admin('PUT', '/api/order-fields/visa_type', { removed: false });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ removed: false, label: 'Visa category' });
    expect((await registryOf('Admin')).fields.map((f) => f.source)).toContain('visa_type');
    expect(await t.db('order_values').where({ field_id: 'visa_type' }).pluck('value_text')).toEqual(['Business']);
  });

  it('refuses a type change while values cannot follow, saying how many; then converts them', async () => {
    expect(
      (await admin('POST', '/api/order-fields', { id: 'visa_ref', label: 'Visa ref', type: 'text' })).statusCode,
    ).toBe(200);
    const orders: number[] = await t.db('orders').orderBy('order_id').limit(4).pluck('order_id');
    await t.db('order_values').insert(
      ['12', 'abc', 'x1', 'none'].map((value, i) => ({
        order_id: orders[i],
        field_id: 'visa_ref',
        value_text: value,
      })),
    );
    const before = await configurationTables();
    const refused = await admin('PUT', '/api/order-fields/visa_ref', { type: 'number' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('3 values of Visa ref cannot be read as number; change or clear them first.');
    expect(await configurationTables()).toEqual(before);

    await t.db('order_values').where({ field_id: 'visa_ref' }).whereNot({ value_text: '12' }).delete();
    const changed = await admin('PUT', '/api/order-fields/visa_ref', { type: 'number' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await t.db('order_values').where({ field_id: 'visa_ref' }).select('value_text', 'value_number')).toEqual([
      { value_text: null, value_number: 12 },
    ]);
  });

  it('refuses narrower rules while stored values break them, saying how many; wider rules pass', async () => {
    expect(
      (
        await admin('POST', '/api/order-fields', {
          id: 'risk',
          label: 'Risk',
          type: 'choice',
          choices: ['Low', 'Medium', 'High'],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await admin('POST', '/api/order-fields', { id: 'nights', label: 'Nights', type: 'number', min: 0 })).statusCode,
    ).toBe(200);
    const orders: number[] = await t.db('orders').orderBy('order_id').limit(3).pluck('order_id');
    await t
      .db('order_values')
      .insert([
        ...['High', 'High', 'Low'].map((value, i) => ({ order_id: orders[i], field_id: 'risk', value_text: value })),
        ...[2, 30].map((value, i) => ({ order_id: orders[i], field_id: 'nights', value_number: value })),
      ]);
    const before = await configurationTables();

    const choices = await admin('PUT', '/api/order-fields/risk', { choices: ['Low', 'Medium'] });
    expect(choices.statusCode).toBe(400);
    expect(choices.json().message).toBe(
      '2 values of Risk break the new rules (Risk must be one of: Low, Medium); change or clear them first.',
    );
    const max = await admin('PUT', '/api/order-fields/nights', { max: 14 });
    expect(max.statusCode).toBe(400);
    expect(max.json().message).toBe(
      '1 value of Nights breaks the new rules (Nights must be at most 14); change or clear it first.',
    );
    // An import is checked the same way, every problem listed.
    const exported = (await admin('GET', '/api/configuration/export')).json();
    const narrowed = {
      ...exported,
      fields: exported.fields.map((f: { id: string }) =>
        f.id === 'risk' ? { ...f, choices: ['Low'] } : f.id === 'nights' ? { ...f, min: 5 } : f,
      ),
    };
    const imported = await admin('POST', '/api/configuration/import?dryRun=true', narrowed);
    expect(imported.statusCode).toBe(400);
    expect(
      imported
        .json()
        .problems.map((p: { path: string }) => p.path)
        .sort(),
    ).toEqual(['fields.nights.min', 'fields.risk.choices']);
    expect(await configurationTables()).toEqual(before);

    // Wider rules ask nothing of the values: a new choice, a lower min.
    expect(
      (await admin('PUT', '/api/order-fields/risk', { choices: ['Low', 'Medium', 'High', 'Severe'] })).statusCode,
    ).toBe(200);
    expect((await admin('PUT', '/api/order-fields/nights', { min: -1 })).statusCode).toBe(200);
    // Once the values that broke them are changed, the narrower rules are kept.
    await t.db('order_values').where({ field_id: 'risk', value_text: 'High' }).update({ value_text: 'Medium' });
    const kept = await admin('PUT', '/api/order-fields/risk', { choices: ['Low', 'Medium'] });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().choices).toEqual(['Low', 'Medium']);
  });

  it('keeps custom queues: added (id from the name), opened by their roles, changed and deleted with their members', async () => {
    const created = await admin('POST', '/api/custom-queues', {
      name: 'Priority, Awaiting Customer — Business',
      statuses: ['Contact Customer', 'Customer Called'],
      filter: { processing_mode: 'Priority', visa_type: 'Business' },
      roles: ['Admin', 'Team'],
      icon: 'flag',
      // Left empty in the form: the queue goes last.
      position: null,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    expect(id).toBe('priority-awaiting-customer-business');
    expect((await admin('GET', '/api/custom-queues')).headers['content-range']).toBe('custom-queues 0-0/1');

    const teamQueues = await as('Team', { method: 'GET', url: '/api/admin/custom-queues' });
    expect(teamQueues.statusCode).toBe(200);
    expect(teamQueues.json().data).toEqual([
      expect.objectContaining({
        route: `custom-${id}`,
        countField: `custom-${id}`,
        label: 'Priority, Awaiting Customer — Business',
        filter: { statusIn: ['Contact Customer', 'Customer Called'] },
        custom: { listFilter: { processing_mode: 'Priority', visa_type: 'Business' }, icon: 'flag', position: 10 },
      }),
    ]);
    expect((await as('Telecaller', { method: 'GET', url: '/api/admin/custom-queues' })).json().data).toEqual([]);
    // The queue field's choices name it, so that a list may ask for it.
    const queueField = (await registryOf('Team')).fields.find((f) => f.source === 'queue') as { choices?: string[] };
    expect(queueField.choices).toContain(`custom-${id}`);

    const renamed = await admin('PUT', `/api/custom-queues/${id}`, {
      ...created.json<object>(),
      name: 'Priority business',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id, name: 'Priority business' });

    // A field a queue filters on cannot go while the queue names it.
    const held = await admin('DELETE', '/api/order-fields/visa_type');
    expect(held.statusCode).toBe(400);
    expect(held.json()).toMatchObject({
      message: "Priority business uses Visa category: take it out of that queue's filter first.",
      problems: [{ path: `queues.${id}.filter.visa_type` }],
    });

    const order = await t.db('orders').orderBy('order_id').first('order_id');
    await t.db('custom_queue_orders').insert({ queue_id: id, order_id: order.order_id }).onConflict().ignore();
    const deleted = await admin('DELETE', `/api/custom-queues/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().name).toBe('Priority business');
    expect(await t.db('custom_queue_orders').where({ queue_id: id }).count({ n: '*' }).first()).toEqual({ n: 0 });
    expect(await t.db('custom_queue_counters').where({ queue_id: id }).first()).toBeUndefined();
    expect((await admin('GET', `/api/custom-queues/${id}`)).statusCode).toBe(404);
  });

  it('records every change in the Audit Log: who, when, before and after', async () => {
    const events = await t.db('audit_events').whereIn('action', ['config-field', 'config-queue']).orderBy('id');
    expect(events.length).toBeGreaterThanOrEqual(8);
    for (const event of events) {
      expect(event.order_id).toBeNull();
      expect(event.member_name).toBe('Demo Admin');
      expect(Object.keys(JSON.parse(event.detail))).toEqual(['id', 'before', 'after']);
    }
    const added = JSON.parse(events.find((e) => JSON.parse(e.detail).id === 'visa_type').detail);
    expect(added).toMatchObject({ before: null, after: { id: 'visa_type', label: 'Visa type', type: 'choice' } });
    const renamed = events.map((e) => JSON.parse(e.detail)).find((d) => d.after?.label === 'Visa category');
    expect(renamed.before.label).toBe('Visa type');

    const log = await admin('GET', `/api/audit-events?filter=${encodeURIComponent('{"action":"config-queue"}')}`);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().map((e: { action: string }) => e.action)).toEqual([
      'config-queue',
      'config-queue',
      'config-queue',
    ]);
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
