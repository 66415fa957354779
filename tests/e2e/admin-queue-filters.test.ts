import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { STATUS_LABELS } from '@app/domain';
import { browserAvailable, launchBrowser, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const DESKTOP = { width: 1366, height: 900 };

/** Opens a queue from the address and waits for its first row. */
async function openQueue(page: Page, url: string, route: string) {
  await page.goto(`${url}/admin/${route}`);
  await page.locator('tbody tr').first().waitFor();
}

/** The names in the Saved queries menu (closed again with Escape). */
async function savedQueryNames(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Saved queries' }).click();
  const menu = page.getByRole('list', { name: 'Saved queries' });
  await menu.waitFor();
  const names = await menu.locator('li').allTextContents();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  return names.filter((name) => name !== 'Save current query…');
}

describe.skipIf(!browserAvailable())('queue filters and saved queries in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("offers on Order History's Status filter only the statuses it holds (no Deleted)", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'manager@demo.test');
    await openQueue(page, server.url, 'order-history');
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.locator('.MuiMenu-paper [role^=menuitem]').filter({ hasText: 'Status' }).click();
    await page.locator('.MuiMenu-paper').waitFor({ state: 'hidden' });
    await page.locator('.filter-field[data-source="process_status"]').getByRole('combobox').click();
    const offered = await page.getByRole('listbox').getByRole('option').allTextContents();
    expect(offered.filter((option) => option.trim())).toEqual(
      Object.entries(STATUS_LABELS)
        .filter(([status]) => status !== 'Deleted')
        .map(([, label]) => label),
    );
    await page.close();
  });

  it('keeps a saved query with the queue it was saved on', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'manager@demo.test');
    await openQueue(page, server.url, 'completed-order');
    await page.getByRole('button', { name: 'Saved queries' }).click();
    await page.getByRole('button', { name: 'Save current query…' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Query name' }).fill('Completed, newest first');
    // The server's answer to the write, before the reload below reads the queries back from it.
    const stored = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/api/preferences/orders.completedOrder.savedQueries'),
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    expect((await stored).status()).toBe(200);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => savedQueryNames(page)).toEqual(['Completed, newest first']);
    // Read back from the server after a reload, then New Orders opened from there (no reload).
    await openQueue(page, server.url, 'completed-order');
    await expect.poll(() => savedQueryNames(page)).toEqual(['Completed, newest first']);
    await page.getByTestId('menu-dashboard').click();
    await page.getByTestId('tile-recent-order').getByRole('link').click();
    await page.waitForURL('**/admin/recent-order');
    await page.locator('tbody tr').first().waitFor();
    expect(await savedQueryNames(page)).toEqual(['No saved query yet.']);
    await page.close();
  });
});
