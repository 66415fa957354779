import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { encodeId } from '@app/domain';
import { browserAvailable, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * What the browser hits at the control's centre, once scrolled into view: 'the control' when nothing lies on it,
 * else the start of what covers it.
 */
const hitAtCentre = (control: Locator) =>
  control.evaluate((element) => {
    element.scrollIntoView({ block: 'nearest' });
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && element.contains(hit) ? 'the control' : `${hit?.outerHTML.slice(0, 120)}`;
  });

/** The toast showing now, by its text, announced to screen readers (MUI's snackbar content is an alert). */
const shownToast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

describe.skipIf(!browserAvailable())('toasts in Chromium', () => {
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

  it("leave a queue's pagination free at 1366 px", async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await signIn(page, server.url, 'admin@demo.test');
    // Login's own toast gone first, so that the one checked is the action's.
    await page.getByRole('alert').waitFor({ state: 'detached', timeout: 10_000 });
    await page.goto(`${server.url}/admin/called`);
    const row = page.locator('tbody tr').first();
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await shownToast(page, 'deleted').waitFor();
    const pages = page.getByRole('navigation', { name: 'Pages' });
    for (const control of [pages.getByRole('button', { name: 'Next' }), pages.getByRole('button', { name: '2' })])
      expect(await hitAtCentre(control)).toBe('the control');
    await screenshot(page, 'admin-toast-list-1366');
    await page.close();
  });

  it("leaves the order page's Add Comment free at 390 px", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, server.url, 'manager@demo.test');
    await page.getByRole('alert').waitFor({ state: 'detached', timeout: 10_000 });
    const order = await server.db('orders').orderBy('order_id', 'desc').first('order_id');
    await page.goto(`${server.url}/admin/view-order/${encodeId(order.order_id)}`);
    const section = page.getByTestId('section-addComment');
    await section.getByRole('textbox', { name: 'Remark' }).fill('Passport checked');
    const addComment = section.getByRole('button', { name: 'Add Comment' });
    await addComment.click();
    await shownToast(page, 'Comment added').waitFor();
    expect(await hitAtCentre(addComment)).toBe('the control');
    await screenshot(page, 'admin-toast-order-390');
    await page.close();
  });
});
