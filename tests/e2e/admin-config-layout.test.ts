import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { encodeId } from '@app/domain';
import { browserAvailable, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const DESKTOP = { width: 1366, height: 768 };
/** The Store key of the order tables' columns (QueueScreen's queueColumnsKey for the 'orders' table kind). */
const COLUMNS = 'orders.orders.datatable';
const RANKS = `${COLUMNS}_columnRanks`;
const SAVED = 'orders.allOrder.savedQueries';
const SECTIONS = 'orders.sections';

/** The queue table's column headers, left to right (the selection checkbox column has none). */
const headers = async (page: Page) =>
  (await page.locator('thead th').allTextContents()).map((text) => text.trim()).filter(Boolean);

const openOrderHistory = async (page: Page) => {
  await page.getByTestId('sidebar').getByText('Order History', { exact: true }).click();
  await page.getByRole('heading', { name: 'Order History' }).waitFor();
  await page.locator('tbody tr').first().waitFor();
};

/** The columns panel: each column a checkbox with Move up and Move down buttons. */
const columnsPanel = (page: Page) => page.getByRole('dialog', { name: 'Columns' });
const openColumns = async (page: Page) => {
  await page.getByRole('button', { name: 'Columns' }).click();
  await columnsPanel(page).getByRole('checkbox', { name: 'Status' }).waitFor();
};
const closePopover = (page: Page) => page.keyboard.press('Escape');

/**
 * Moves a column to the top of the columns panel by keyboard alone: Enter on its Move up button, again
 * and again (the focus stays on the button as it moves), each step read back from the panel's announcement.
 */
async function moveToTop(page: Page, column: string) {
  const panel = columnsPanel(page);
  const labels = await panel.getByRole('listitem').allTextContents();
  const position = labels.findIndex((label) => label.trim() === column);
  await panel.getByRole('button', { name: `Move ${column} up` }).focus();
  for (let now = position; now > 0; now--) {
    await page.keyboard.press('Enter');
    await panel.getByRole('status').getByText(`${column} is now column ${now} of ${labels.length}.`).waitFor();
  }
}

/**
 * In Chromium a member hides and reorders queue columns and saves a query in one
 * browser context; a fresh context (another browser) signed in as the same member shows the same
 * columns and saved query; a member of another role sees the default their role was given by an Admin.
 */
describe.skipIf(!browserAvailable())('layouts that follow the member, in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const memberPreference = async (email: string, key: string) => {
    const member = await server.db('team_members').where({ email }).first('id');
    const row = await server.db('member_preferences').where({ member_id: member.id, pref_key: key }).first('value');
    return row ? JSON.parse(row.value) : undefined;
  };
  const rolePreference = async (role: string, key: string) => {
    const row = await server.db('role_preferences').where({ role, pref_key: key }).first('value');
    return row ? JSON.parse(row.value) : undefined;
  };

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('an Admin hides Telephone and publishes the layout as the Team role’s default', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await signIn(page, server.url, 'admin@demo.test');
    await openOrderHistory(page);
    await openColumns(page);
    await columnsPanel(page).getByRole('checkbox', { name: 'Telephone' }).click();
    await closePopover(page);
    await expect.poll(() => headers(page)).not.toContain('Telephone');
    await expect.poll(() => memberPreference('admin@demo.test', COLUMNS)).toEqual(['phone_number']);

    await page.getByRole('button', { name: 'Demo Admin' }).click();
    await page.getByRole('menuitem', { name: "Publish as a role's default layout" }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Team', exact: true }).click();
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Your layout is now the default of Team.').waitFor();
    expect(await rolePreference('Team', COLUMNS)).toEqual(['phone_number']);
    expect(await rolePreference('Manager', COLUMNS)).toBeUndefined();
    await context.close();
  });

  it('a Manager hides and reorders columns and saves a query; another browser shows them after signing in', async () => {
    const first = await browser.newContext({ viewport: DESKTOP });
    const page = await first.newPage();
    await signIn(page, server.url, 'manager@demo.test');
    await openOrderHistory(page);
    const before = await headers(page);
    expect(before.slice(0, 4)).toEqual(['Order Id', 'Name', 'Email', 'Telephone']);
    expect(before).toContain('Status');

    await openColumns(page);
    await columnsPanel(page).getByRole('checkbox', { name: 'Email' }).click();
    await moveToTop(page, 'Status');
    await closePopover(page);
    await expect
      .poll(() => headers(page))
      .toEqual(['Status', ...before.filter((h) => h !== 'Email' && h !== 'Status')]);

    // Oldest first, saved under a name with the columns.
    const dateHeader = page.getByRole('columnheader', { name: 'Date & Time' });
    await dateHeader.getByRole('button').click();
    await page.waitForURL(/order=ASC/);
    // Saved once the table shows the sort (its header's arrow, up), as a member would.
    await dateHeader.locator('.Mui-active.MuiTableSortLabel-directionAsc').waitFor();
    await page.getByRole('button', { name: 'Saved queries' }).click();
    await page.getByRole('button', { name: 'Save current query…' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Query name' }).fill('Oldest first');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => memberPreference('manager@demo.test', SAVED))
      .toEqual([
        {
          label: 'Oldest first',
          value: expect.objectContaining({
            sort: { field: 'created_at', order: 'ASC' },
            columns: { hidden: ['email'], ranks: expect.any(Array) },
          }),
        },
      ]);
    await expect.poll(() => memberPreference('manager@demo.test', COLUMNS)).toEqual(['email']);
    await expect.poll(() => memberPreference('manager@demo.test', RANKS)).toBeDefined();
    const layout = await headers(page);
    await screenshot(page, 'layout-manager-first-browser');
    await first.close();

    // Another browser: nothing in its storage, the same member.
    const second = await browser.newContext({ viewport: DESKTOP });
    const other = await second.newPage();
    await signIn(other, server.url, 'manager@demo.test');
    await openOrderHistory(other);
    await expect.poll(() => headers(other)).toEqual(layout);
    // Newest first here until the saved query is chosen.
    const newest = await other.getByTestId('order-id').first().textContent();
    await other.getByRole('button', { name: 'Saved queries' }).click();
    await other.getByRole('button', { name: 'Oldest first', exact: true }).click();
    await other.waitForURL(/order=ASC/);
    const oldest = await server
      .db('orders')
      .whereNot('process_status', 'Deleted')
      .orderBy('created_at')
      .first('order_id');
    await expect.poll(() => other.getByTestId('order-id').first().textContent()).toBe(String(oldest.order_id));
    expect(newest).not.toBe(String(oldest.order_id));
    await screenshot(other, 'layout-manager-second-browser');

    // Reset to my role's layout: Managers have no published default, so the registry's columns return.
    await other.getByRole('button', { name: 'Demo Manager' }).click();
    await other.getByRole('menuitem', { name: "Reset to my role's layout" }).click();
    await expect.poll(() => headers(other)).toEqual(before);
    expect(await memberPreference('manager@demo.test', COLUMNS)).toBeUndefined();
    // Saved queries are the member's own and stay.
    expect((await memberPreference('manager@demo.test', SAVED))[0].label).toBe('Oldest first');
    await second.close();
  });

  it('a Manager closes an order-page section; another browser opens the order page with it closed', async () => {
    const order = await server.db('orders').whereNotNull('yellow_fever').first('order_id');
    const url = `${server.url}/admin/view-order/${encodeId(order.order_id)}`;
    const healthToggle = (page: Page) =>
      page.getByTestId('section-health').getByRole('button', { name: 'Health Declaration' });

    const first = await browser.newContext({ viewport: DESKTOP });
    const page = await first.newPage();
    await signIn(page, server.url, 'manager@demo.test');
    await page.goto(url);
    await expect.poll(() => healthToggle(page).getAttribute('aria-expanded')).toBe('true');
    await healthToggle(page).click();
    await expect.poll(() => healthToggle(page).getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => memberPreference('manager@demo.test', SECTIONS)).toEqual({ health: false });
    await first.close();

    const second = await browser.newContext({ viewport: DESKTOP });
    const other = await second.newPage();
    await signIn(other, server.url, 'manager@demo.test');
    await other.goto(url);
    await expect.poll(() => healthToggle(other).getAttribute('aria-expanded')).toBe('false');
    // Payment and Evidence starts closed by the registry, and nobody changed it.
    expect(
      await other
        .getByTestId('section-payment')
        .getByRole('button', { name: 'Payment and Evidence' })
        .getAttribute('aria-expanded'),
    ).toBe('false');
    await second.close();
  });

  it('a Team member starts from the Team default; a Night Staff member, with none published, from the registry’s', async () => {
    const team = await browser.newContext({ viewport: DESKTOP });
    const page = await team.newPage();
    await signIn(page, server.url, 'team@demo.test');
    await openOrderHistory(page);
    await expect.poll(() => headers(page)).not.toContain('Telephone');
    expect(await headers(page)).toContain('Email');
    expect(await memberPreference('team@demo.test', COLUMNS)).toBeUndefined();
    await team.close();

    const night = await browser.newContext({ viewport: DESKTOP });
    const nightPage = await night.newPage();
    await signIn(nightPage, server.url, 'night@demo.test');
    await openOrderHistory(nightPage);
    expect(await headers(nightPage)).toContain('Telephone');
    await night.close();
  });
});
