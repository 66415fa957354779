import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { encodeId, type Registry } from '@app/domain';
import { missingIndexes } from '../../api/src/db/registryIndexes.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { browserAvailable, columnValues, launchBrowser, screenshot, signIn, tableHeaders } from '../helpers/browser.js';
import {
  addFixtureColumns,
  MEMBER_FIXTURE,
  ORDER_FIXTURE,
  registryWithFixtures,
} from '../helpers/registryFixtureFields.js';

const DESKTOP = { width: 1366, height: 900 };

/**
 * The registry's promise: one field added to the orders registry and one to team members, each a new
 * column with its index in this test's database and no code touched, appear in the real admin as a
 * column with a sortable header, a filter, and an order-page field or a form input with its
 * validator's message; the API's schemas, made from the same registry, refuse a wrong type naming the
 * field; and the index check fails a sortable field without an index.
 */
describe.skipIf(!browserAvailable())('fields added to the registry alone, through the API and in Chromium', () => {
  let server: TestApp & { url: string };
  let browser: Browser;

  beforeAll(async () => {
    const t = await createTestApp('sqlite', { registry: registryWithFixtures });
    await addFixtureColumns(t.db);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    server = { ...t, url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A call to the listening API over HTTP, as the admin makes it. */
  const api = async (email: string, path: string, init: { method?: string; body?: object } = {}) => {
    const token = await server.login(email);
    const res = await fetch(`${server.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: init.body && JSON.stringify(init.body),
    });
    return { status: res.status, json: (await res.json()) as { status: number; message: string } };
  };
  const listUrl = (resource: string, filter: object) =>
    `/api/${resource}?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;

  it('orders: a column with a sortable header, a filter and an order-page field; a wrong type refused by name', async () => {
    const label = ORDER_FIXTURE.label!;
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'manager@demo.test');
    await page.getByTestId('sidebar').getByText('Order History', { exact: true }).click();
    const table = page.locator('table').first();
    await table.locator('tbody tr').first().waitFor();
    await expect.poll(() => tableHeaders(table)).toContain(label);

    // The header sorts, both ways, as the database orders the column.
    await page.getByRole('columnheader', { name: label }).getByRole('button').click();
    await page.waitForURL(/sort=visit_count/);
    await expect.poll(async () => (await columnValues(table, label))[0]).toBe('0');
    await page.getByRole('columnheader', { name: label }).getByRole('button').click();
    await page.waitForURL(/order=DESC/);
    await expect.poll(async () => (await columnValues(table, label))[0]).toBe('6');
    await screenshot(page, 'registry-fixture-orders');

    // The filter: every row shown has the value, as many as the database has.
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox', { name: label }).click();
    await page.getByRole('spinbutton', { name: label }).fill('3');
    const threes = await server
      .db('orders')
      .whereNot('process_status', 'Deleted')
      .where({ visit_count: 3 })
      .count({ n: '*' })
      .first();
    await expect.poll(() => page.getByTestId('showing').textContent()).toMatch(new RegExp(` of ${threes!.n} entries$`));
    expect(new Set(await columnValues(table, label))).toEqual(new Set(['3']));

    // The order page shows it in the section the registry names.
    const order = await server.db('orders').where({ visit_count: 5 }).first('order_id');
    await page.goto(`${server.url}/admin/view-order/${encodeId(order.order_id)}`);
    await expect.poll(() => page.getByTestId('field-visit_count').textContent()).toBe(`${label}5`);
    expect(await page.getByTestId('section-personal').getByTestId('field-visit_count').count()).toBe(1);
    await page.close();

    // The API's query schema, made from the registry, refuses a value of the wrong type naming the filter.
    const wrong = await api('manager@demo.test', listUrl('orders', { queue: 'allOrder', visit_count: 'many' }));
    expect(wrong).toEqual({ status: 400, json: { status: 0, message: 'Filter visit_count must be a whole number.' } });
  });

  it('team members: a column with a sortable header, a filter and a form input with its validator; a wrong type refused by name', async () => {
    const label = MEMBER_FIXTURE.label!;
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'admin@demo.test');
    await page.goto(`${server.url}/admin/manage-team`);
    const table = page.getByTestId('team-list');
    await table.getByText('admin@demo.test').waitFor();
    await expect.poll(() => tableHeaders(table)).toContain(label);

    const codes: string[] = (await server.db('team_members').orderBy('employee_code').pluck('employee_code')).map(
      String,
    );
    await page.getByRole('columnheader', { name: label }).getByRole('button').click();
    await expect.poll(() => columnValues(table, label)).toEqual(codes);
    await page.getByRole('columnheader', { name: label }).getByRole('button').click();
    await expect.poll(() => columnValues(table, label)).toEqual([...codes].reverse());

    // The filter: a prefix of the code.
    const prefix = codes[0]!.slice(0, -1);
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox', { name: label }).click();
    await page.getByRole('textbox', { name: label }).first().fill(prefix);
    await expect
      .poll(async () => new Set(await columnValues(table, label)))
      .toEqual(new Set(codes.filter((code) => code.startsWith(prefix))));

    // The form's input, with the validator of its rules and the pattern's message in words.
    const form = page.getByTestId('team-form');
    const input = form.getByRole('textbox', { name: label });
    await form.getByRole('textbox', { name: 'Name' }).fill('Fixture Member');
    await form.getByRole('textbox', { name: 'Email' }).fill('fixture.member@example.com');
    await form.getByRole('textbox', { name: 'Password' }).fill('fixture-secret');
    await form.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Team', exact: true }).click();
    await input.fill('abc-123');
    await form.getByRole('button', { name: 'Add Member' }).click();
    await form.getByText('Not in the expected form.').waitFor();
    await screenshot(page, 'registry-fixture-team-form');
    expect(await server.db('team_members').where({ email: 'fixture.member@example.com' }).first()).toBeUndefined();
    await input.fill('FIX-001');
    await form.getByRole('button', { name: 'Add Member' }).click();
    await page.locator('.MuiSnackbarContent-message', { hasText: 'Team member added successfully.' }).waitFor();
    expect(
      await server.db('team_members').where({ email: 'fixture.member@example.com' }).first('employee_code'),
    ).toEqual({ employee_code: 'FIX-001' });
    await page.close();

    // The API's body schema, made from the registry, refuses a wrong type naming the field.
    const body = { name: 'X', email: 'x@example.com', password: 'secret99', type: 'Team' };
    const wrong = await api('admin@demo.test', '/api/team-members', {
      method: 'POST',
      body: { ...body, employee_code: { code: 'FIX-002' } },
    });
    expect(wrong).toEqual({ status: 400, json: { status: 0, message: 'employee_code must be string' } });
    const unmatched = await api('admin@demo.test', '/api/team-members', {
      method: 'POST',
      body: { ...body, employee_code: 'fix-2' },
    });
    expect(unmatched.status).toBe(400);
    expect(unmatched.json.message).toMatch(/^employee_code must match pattern/);
  });

  it('the index check passes the fixtures, which name their indexes, and fails a sortable field without one', async () => {
    const fixtureLines = (lines: string[]) => lines.filter((line) => /visit_|employee_code/.test(line));
    expect(fixtureLines(await missingIndexes(server.db, registryWithFixtures))).toEqual([]);
    await server.db.schema.alterTable('team_members', (table) => table.string('desk', 20).nullable());
    await server.db.schema.alterTable('orders', (table) => table.integer('visit_rank').nullable());
    const withoutIndexes: Registry = {
      ...registryWithFixtures,
      'team-members': {
        ...registryWithFixtures['team-members']!,
        fields: [
          ...registryWithFixtures['team-members']!.fields,
          { source: 'desk', type: 'text', places: ['list'], sortable: true },
        ],
      },
      orders: {
        ...registryWithFixtures.orders!,
        fields: [
          ...registryWithFixtures.orders!.fields,
          { source: 'visit_rank', type: 'number', places: ['list'], sortable: true, index: 'orders_visit_rank_idx' },
        ],
      },
    };
    const missing = await missingIndexes(server.db, withoutIndexes);
    expect(missing).toContain('team-members.desk: index not named');
    expect(missing).toContain('orders.visit_rank: index orders_visit_rank_idx missing');
  });
});
