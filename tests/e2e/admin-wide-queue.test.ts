import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { seriousViolations } from '../helpers/axe.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The header cells the pinned Action header lies over in part, and the columns whose header and first row are
 * not aligned (the header not scrolling with the body).
 */
const coveredHeaders = (page: Page) =>
  page.locator('.RaDataTable-tableWrapper').evaluate((wrapper) => {
    const headers = [...wrapper.querySelectorAll('thead th')];
    const cells = [...wrapper.querySelectorAll('tbody tr:first-child td')];
    const action = headers.pop()!.getBoundingClientRect();
    const visible = wrapper.getBoundingClientRect();
    const problems = headers.flatMap((th) => {
      const box = th.getBoundingClientRect();
      const shown = box.right > visible.left + 1 && box.left < action.left - 1;
      return shown && box.right > action.left + 1
        ? [`${th.textContent} under Action by ${box.right - action.left} px`]
        : [];
    });
    headers.forEach((th, index) => {
      if (Math.abs(th.getBoundingClientRect().left - cells[index]!.getBoundingClientRect().left) > 1)
        problems.push(`${th.textContent} apart from its column`);
    });
    return problems;
  });

describe.skipIf(!browserAvailable())('a queue with six custom columns in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    const token = await server.login('admin@demo.test');
    for (let n = 1; n <= 6; n++) {
      const created = await server.call(token, {
        method: 'POST',
        url: '/api/order-fields',
        payload: { id: `extra_note_${n}`, label: `Extra note ${n}`, type: 'text', column: true },
      });
      expect(created.statusCode, created.body).toBe(200);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('suggests hiding columns, and the pinned Action column never rests over part of a header', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await signIn(page, server.url, 'admin@demo.test');
    await page.goto(`${server.url}/admin/completed-order`);
    await page.locator('tbody tr').first().waitFor();
    const hint = page.getByTestId('columns-hint');
    await hint.waitFor();
    expect(await hint.textContent()).toBe('Wider than the screen: hide columns to see them all');
    expect(await page.getByTestId('columns-button').getAttribute('aria-describedby')).toBe(
      await hint.getAttribute('id'),
    );
    await expect.poll(() => coveredHeaders(page)).toEqual([]);
    await screenshot(page, 'admin-wide-queue-1366');

    // Scrolled sideways by a wheel, the table comes to rest with a column's end at the Action column's edge.
    const wrapper = page.locator('.RaDataTable-tableWrapper');
    const scrollLeft = () => wrapper.evaluate((element) => element.scrollLeft);
    await page.locator('tbody tr').first().hover();
    for (const step of [60, 150, 1000]) {
      const before = await scrollLeft();
      await page.mouse.wheel(step, 0);
      await expect.poll(scrollLeft).not.toBe(before);
      await expect.poll(() => coveredHeaders(page)).toEqual([]);
    }
    expect(await page.getByRole('columnheader', { name: 'Extra note 6' }).isVisible()).toBe(true);
    await screenshot(page, 'admin-wide-queue-scrolled-1366');
    expect(await seriousViolations(page)).toEqual([]);

    // Hiding columns until the table fits takes the suggestion away.
    await page.getByTestId('columns-button').click();
    const panel = page.getByRole('dialog', { name: 'Columns' });
    for (let n = 1; n <= 6; n++) await panel.getByRole('checkbox', { name: `Extra note ${n}` }).click();
    await page.keyboard.press('Escape');
    await hint.waitFor({ state: 'detached' });
    await page.close();
  });
});
