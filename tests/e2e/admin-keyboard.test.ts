import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable, launchBrowser, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const DESKTOP = { width: 1366, height: 768 };

/**
 * A Team member's work from the keyboard alone, on an app of its own: a queue whose rows other tests take with
 * Next (admin-staff-speed.test.ts) changes under the keys.
 */
describe.skipIf(!browserAvailable())('the keyboard in Chromium', () => {
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

  it('works from the keyboard: the shortcuts, a queue, its rows, the comment box and Next', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'team@demo.test');
    await page.getByTestId('search-open').waitFor();
    await page.keyboard.press('?');
    const help = page.getByTestId('shortcuts-help');
    await help.getByText('Keyboard shortcuts').waitFor();
    expect(await help.textContent()).toContain('g n');
    await page.keyboard.press('Escape');
    await help.getByText('Keyboard shortcuts').waitFor({ state: 'detached' });
    await page.keyboard.press('g');
    await page.keyboard.press('n');
    await page.waitForURL(/\/admin\/recent-order$/);
    const links = page.locator('tbody [data-testid="view-order"]');
    await links.first().waitFor();
    const focusedRow = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('tbody [data-testid="view-order"]')].indexOf(document.activeElement as Element),
      );
    // j until a row has the focus: rows drawn anew while the list settles (the member's saved page size
    // arriving) take a focus given before with them, as they would from a member pressing j then.
    await expect
      .poll(async () => {
        await page.keyboard.press('j');
        return focusedRow();
      })
      .toBeGreaterThanOrEqual(0);
    const row = await focusedRow();
    await page.keyboard.press('j');
    await expect.poll(focusedRow).toBe(row + 1);
    await page.keyboard.press('k');
    await expect.poll(focusedRow).toBe(row);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/view-order\//);
    const opened = page.url();
    await page.getByTestId('order-actions').waitFor();
    // c goes to the comment box, where keys type text and run nothing.
    await page.keyboard.press('c');
    const remark = page.getByTestId('section-addComment').locator('textarea').first();
    await page.keyboard.type('n a 1');
    expect(await remark.inputValue()).toBe('n a 1');
    expect(page.url()).toBe(opened);
    await remark.blur();
    await page.keyboard.press('n');
    await expect.poll(() => page.url()).not.toBe(opened);
    await page.close();
  });
});
