import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dayjs } from '@app/domain';
import { browserAvailable, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const DESKTOP = { width: 1366, height: 900 };

describe.skipIf(!browserAvailable())('admin reports and management screens in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const api = async (email: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const token = await server.login(email);
    return (await server.call(token, { method, url, payload })).json();
  };
  const openAs = async (email: string, route: string, password?: string) => {
    const page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    await signIn(page, server.url, email, password);
    await page.goto(`${server.url}/admin/${route}`);
    return page;
  };
  const toast = (page: Page, text: string | RegExp) => page.locator('.MuiSnackbarContent-message', { hasText: text });
  /** The report table's rows as arrays of cell texts. */
  const reportRows = (page: Page) =>
    page
      .getByTestId('report-table')
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)));
  const field = (page: Page, name: string) => page.getByRole('textbox', { name });
  const memberRow = (page: Page, text: string) =>
    page.getByTestId('team-list').locator('tbody tr').filter({ hasText: text });

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('runs Country Order List for a date range, with the chart, the search and the CSV export', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    const charts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('ReportChart')) charts.push(request.url());
    });
    await signIn(page, server.url, 'team@demo.test');
    // The chart library is not part of the app's start.
    expect(charts).toEqual([]);
    await page.goto(`${server.url}/admin/country-order-list`);
    await page.getByRole('heading', { name: 'Country Order Details' }).waitFor();
    await toast(page, /Report loaded/).waitFor();
    const fromDate = dayjs().subtract(10, 'day').format('YYYY-MM-DD');
    const toDate = dayjs().subtract(2, 'day').format('YYYY-MM-DD');
    const expected = (await api('team@demo.test', 'POST', '/api/admin/get-country-order-count', { fromDate, toDate }))
      .data as Array<{
      nationality: string;
      count: number;
      standard_count: number;
      priority_count: number;
      future_count: number;
    }>;
    expect(expected.length).toBeGreaterThan(1);

    await page.locator('input[name="from"]').fill(fromDate);
    await page.locator('input[name="to"]').fill(toDate);
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast(page, `Report loaded: ${expected.length} rows.`).waitFor();
    const asCells = (row: (typeof expected)[number], index: number) => [
      String(index + 1),
      row.nationality,
      ...[row.count, row.standard_count, row.priority_count, row.future_count].map(String),
    ];
    await expect.poll(() => reportRows(page)).toEqual(expected.map(asCells));
    expect(await page.locator('thead th').allTextContents()).toEqual([
      'S. No',
      'State/Territory',
      'Order Count',
      'Standard Processing',
      'Priority Processing',
      'Future Order Processing',
    ]);
    // The chart library arrives with the screen's first chart: one stacked bar per nationality.
    await page.getByTestId('report-chart').locator('svg').first().waitFor();
    expect(charts).toHaveLength(1);
    const table = page.getByTestId('report-table');
    expect(await table.evaluate((node) => getComputedStyle(node.parentElement!).maxHeight)).toBe('550px');
    await screenshot(page, 'admin-country-report-1366');

    // The search box keeps the rows of matching nationalities.
    const target = expected[1]!;
    await page.getByLabel('Search by nationality').fill(target.nationality.slice(0, 4).toLowerCase());
    const matching = expected.filter((row) =>
      row.nationality.toLowerCase().includes(target.nationality.slice(0, 4).toLowerCase()),
    );
    await expect.poll(() => reportRows(page)).toEqual(matching.map(asCells));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    // Every field quoted (admin/src/shared/csv.ts): a lone carriage return in a cell cannot end a row.
    const csvLine = (cells: string[]) => cells.map((cell) => `"${cell}"`).join(',');
    expect(csv.split('\r\n')).toEqual([
      csvLine([
        'S. No',
        'State/Territory',
        'Order Count',
        'Standard Processing',
        'Priority Processing',
        'Future Order Processing',
      ]),
      ...matching.map((row, index) => csvLine(asCells(row, index))),
    ]);

    // To before From is refused here, before any call.
    await page.locator('input[name="from"]').fill(toDate);
    await page.locator('input[name="to"]').fill(fromDate);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('The From date must be on or before the To date.').waitFor();
    await page.close();
  });

  it('runs Processed By for Admin, and keeps it from Team', async () => {
    const page = await openAs('admin@demo.test', 'processed-order');
    await page.getByRole('heading', { name: 'Processed By' }).waitFor();
    const fromDate = dayjs().subtract(60, 'day').format('YYYY-MM-DD');
    const toDate = dayjs().format('YYYY-MM-DD');
    const expected = (await api('admin@demo.test', 'POST', '/api/admin/get-processed-by-count', { fromDate, toDate }))
      .data as Array<{ processed_by: string; count: number }>;
    await page.locator('input[name="from"]').fill(fromDate);
    await page.locator('input[name="to"]').fill(toDate);
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast(page, `Report loaded: ${expected.length} rows.`).waitFor();
    await expect
      .poll(() => reportRows(page))
      .toEqual(expected.map((row, index) => [String(index + 1), row.processed_by, String(row.count)]));
    await page.getByTestId('report-chart').locator('svg').first().waitFor();
    await page.getByLabel('Search by name').fill('demo team');
    await expect
      .poll(() => reportRows(page))
      .toEqual([['1', 'Demo Team', String(expected.find((row) => row.processed_by === 'Demo Team')!.count)]]);
    await page.getByLabel('Search by name').fill('');
    await screenshot(page, 'admin-processed-by-1366');
    await page.close();

    const team = await openAs('team@demo.test', 'processed-order');
    await team
      .getByText(/not authorized|Access denied/i)
      .first()
      .waitFor();
    expect(await team.getByTestId('report-table').count()).toBe(0);
    await team.close();
  });

  it('adds, edits and deletes a team member, offering only roles up to the member’s own', async () => {
    const page = await openAs('manager@demo.test', 'manage-team');
    await page.getByRole('heading', { name: 'Manage Team' }).waitFor();
    expect(await page.title()).toBe('Manage Team');
    const list = page.getByTestId('team-list');
    await list.getByText('admin@demo.test').waitFor();
    // No password column (docs/product.md#roles-and-permissions).
    expect(await list.locator('thead th').allTextContents()).toEqual([
      'ID',
      'Name',
      'Email',
      'Type',
      'Last Sign-in',
      'Action',
    ]);
    // Every time says its zone (the Manager has just signed in).
    expect(await memberRow(page, 'manager@demo.test').locator('td').nth(4).textContent()).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} UTC$/,
    );
    // A Manager cannot touch an Admin.
    const adminRow = memberRow(page, 'admin@demo.test');
    expect((await adminRow.getByRole('button').count()) + (await adminRow.getByRole('link').count())).toBe(0);

    const form = page.getByTestId('team-form');
    await form.getByRole('button', { name: 'Add Member' }).click();
    for (const message of [
      'Please enter your name.',
      'Please enter your email.',
      'Please enter your password.',
      'Please select type.',
    ]) {
      await form.getByText(message).waitFor();
    }
    await field(page, 'Name').fill('Nina Checker');
    await field(page, 'Email').fill('nina-at-example');
    await field(page, 'Password').fill('abc');
    await form.getByRole('button', { name: 'Add Member' }).click();
    await form.getByText('Please enter a valid email.').waitFor();
    await form.getByText('Password must be at least 6 characters.').waitFor();
    await field(page, 'Email').fill('nina@example.com');
    await field(page, 'Password').fill('nina-secret-1');
    await form.getByRole('combobox', { name: 'Type' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Manager', 'Team', 'Telecaller', 'Night Staff']);
    await page.getByRole('option', { name: 'Telecaller' }).click();
    await form.getByRole('button', { name: 'Add Member' }).click();
    await toast(page, 'Team member added successfully.').waitFor();
    const row = memberRow(page, 'nina@example.com');
    await row.getByText('Telecaller').waitFor();
    await expect.poll(() => field(page, 'Name').inputValue()).toBe('');
    await screenshot(page, 'admin-manage-team-1366');

    const member = await server.db('team_members').where({ email: 'nina@example.com' }).first('id');
    await row.getByTestId('edit-member').click();
    await page.waitForURL(`${server.url}/admin/manage-team/${member.id}`);
    await page.getByRole('heading', { name: 'Edit Team Member' }).waitFor();
    await expect.poll(() => field(page, 'Name').inputValue()).toBe('Nina Checker');
    await field(page, 'Name').fill('Nina Checker-Long');
    await form.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Team', exact: true }).click();
    // An empty password keeps the old one.
    await form.getByRole('button', { name: 'Update Member' }).click();
    await toast(page, 'Team member updated successfully.').waitFor();
    await page.waitForURL(`${server.url}/admin/manage-team`);
    const edited = memberRow(page, 'nina@example.com');
    await edited.getByText('Nina Checker-Long').waitFor();
    await edited.getByText('Team', { exact: true }).waitFor();
    await server.login('nina@example.com', 'nina-secret-1');

    await edited.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure you want to delete?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Team member deleted successfully.').waitFor();
    await edited.waitFor({ state: 'detached' });
    expect(await server.db('team_members').where({ email: 'nina@example.com' }).first()).toBeUndefined();
    await page.close();
  });

  it('switches the active gateway', async () => {
    const page = await openAs('admin@demo.test', 'gateway-setting');
    await page.getByRole('heading', { name: 'Change Gateway' }).waitFor();
    const before = await server.db('payment_gateways').where({ is_active: 1 }).first();
    await page.getByText(`Active now: ${before.gateway_name}`).waitFor();
    const other = await server.db('payment_gateways').whereNot({ id: before.id }).orderBy('id').first();
    await page.getByRole('combobox', { name: 'Gateway' }).click();
    await page.getByRole('option', { name: other.gateway_name }).click();
    await page.getByRole('button', { name: 'Active Gateway' }).click();
    await toast(page, `${other.gateway_name} is now the active gateway.`).waitFor();
    await page.getByText(`Active now: ${other.gateway_name}`).waitFor();
    const active = await server.db('payment_gateways').where({ is_active: 1 }).select('id');
    expect(active.map((gateway) => gateway.id)).toEqual([other.id]);
    await page.close();
  });

  it('sends an invoice after checking the order id', async () => {
    const page = await openAs('team@demo.test', 'send-invoice');
    await page.getByRole('heading', { name: 'Send Invoice' }).waitFor();
    const send = page.getByRole('button', { name: 'Send Invoice' });
    await send.click();
    await page.getByText('Please enter your order id.').waitFor();
    await field(page, 'Order ID').fill('123');
    await send.click();
    await page.getByText('Order Id must be at least 6 characters.').waitFor();
    const order = await server.db('orders').where({ process_status: 'Completed' }).orderBy('order_id').first();
    await field(page, 'Order ID').fill(String(order.order_id));
    await send.click();
    await toast(page, /The invoice has been queued/).waitFor();
    const queued = await server.db('mail_outbox').where({ order_id: order.order_id, kind: 'invoice' });
    expect(queued).toHaveLength(1);
    await page.close();
  });

  it('changes the password, which signs the member out', async () => {
    const page = await openAs('telecaller@demo.test', 'change-password');
    await page.getByRole('heading', { name: 'Update Password' }).waitFor();
    const oldToken = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).accessToken as string);
    const submit = page.getByRole('button', { name: 'Update Password' });
    await submit.click();
    await page.getByText('Please enter your current password.').waitFor();
    await page.getByText('Please enter your New Password.').waitFor();
    await field(page, 'New Password').fill('12345');
    await submit.click();
    await page.getByText('New Password must be at least 6 characters.').waitFor();
    // A wrong current password is refused, and the member stays signed in.
    await field(page, 'Current Password').fill('not-my-password');
    await field(page, 'New Password').fill('a-new-secret-9');
    await submit.click();
    await toast(page, 'The current password is not correct.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/change-password');
    await field(page, 'Current Password').fill('demo1234');
    await submit.click();
    await page.waitForURL(`${server.url}/`);
    await toast(page, /Password updated successfully/).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    // The old session is over on the server too; the new password signs in.
    const refused = await server.call(oldToken, { method: 'GET', url: '/api/user_info' });
    expect(refused.statusCode).toBe(401);
    await signIn(page, server.url, 'telecaller@demo.test', 'a-new-secret-9');
    await page.close();
  });
});
