import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { encodeId } from '@app/domain';
import { browserAvailable, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const DESKTOP = { width: 1366, height: 768 };

/**
 * Live work with two members in two browser contexts: A (Demo Admin) acts, B (Demo Manager)
 * sees it without navigating.
 */
describe.skipIf(!browserAvailable())('live work in Chromium, two members', () => {
  let server: TestServer;
  let browser: Browser;
  let contextA: BrowserContext;
  let contextB: BrowserContext;
  let a: Page;
  let b: Page;
  let adminToken: string;

  /** A New order nobody holds, not used by another test. */
  const used = new Set<number>();
  const freeOrder = async () => {
    const rows = await server
      .db('orders')
      .where({ process_status: 'New', processing_mode: 'Standard' })
      .whereNull('assignee_id')
      .orderBy('order_id', 'desc')
      .limit(20)
      .pluck('order_id');
    const id = rows.map(Number).find((r) => !used.has(r))!;
    used.add(id);
    return id;
  };
  const openOrder = async (page: Page, orderId: number) => {
    await page.goto(`${server.url}/admin/view-order/${encodeId(orderId)}`);
    await page.getByTestId('view-order').waitFor();
  };

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    contextA = await browser.newContext({ viewport: DESKTOP });
    contextB = await browser.newContext({ viewport: DESKTOP });
    a = await contextA.newPage();
    b = await contextB.newPage();
    await signIn(a, server.url, 'admin@demo.test');
    await signIn(b, server.url, 'manager@demo.test');
    adminToken = await server.login('admin@demo.test');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("updates B's sidebar count within 2 s of A's move, without navigation", async () => {
    const count = b.getByTestId('count-awaitingOrdersCount');
    await expect.poll(() => count.textContent(), { timeout: 15_000 }).toMatch(/^\d+$/);
    const before = Number(await count.textContent());
    const urlBefore = b.url();
    const orderId = await freeOrder();
    await openOrder(a, orderId);
    await a.getByTestId('move-Awaiting').click();
    const moved = Date.now();
    await expect.poll(() => count.textContent(), { timeout: 2000, interval: 50 }).toBe(String(before + 1));
    console.info(`B's sidebar count followed A's move in ${Date.now() - moved} ms`);
    expect(b.url()).toBe(urlBefore);
    await screenshot(b, 'live-sidebar-count');
  });

  it("shows A on B's order page as also viewing, and A's change as a banner with the new state", async () => {
    const orderId = await freeOrder();
    await openOrder(b, orderId);
    await openOrder(a, orderId);
    await expect.poll(() => b.getByTestId('also-viewing').textContent(), { timeout: 5000 }).toContain('Demo Admin');
    await a.getByTestId('move-Contact Customer').click();
    const banner = b.getByTestId('changed-by-other');
    await banner.waitFor({ timeout: 2000 });
    expect(await banner.textContent()).toContain('Demo Admin moved it to Contact Customer');
    await expect.poll(() => b.getByTestId('view-order').textContent(), { timeout: 5000 }).toContain('Contact Customer');
    await screenshot(b, 'live-order-page');
    // A leaves: B no longer sees them.
    await a.goto(`${server.url}/admin`);
    await expect.poll(() => b.getByTestId('also-viewing').count(), { timeout: 5000 }).toBe(0);
  });

  it("tells B's queue list that rows changed, and refreshes it only once B stops selecting", async () => {
    await b.goto(`${server.url}/admin/recent-order`);
    await b.getByRole('heading', { name: 'New Orders' }).waitFor();
    const shown = () => b.getByTestId('order-id').allTextContents();
    await expect.poll(shown, { timeout: 30_000 }).not.toHaveLength(0);
    const [first, second] = (await shown()).map(Number);
    used.add(first!);
    used.add(second!);
    // B is selecting a row: the list waits.
    await b
      .locator('tbody tr', { hasText: String(second) })
      .getByRole('checkbox')
      .check();
    const res = await server.call(adminToken, {
      method: 'PUT',
      url: '/api/admin/move-order-status',
      payload: { orderIds: [first], updatingStatus: 'Awaiting' },
    });
    expect(res.statusCode).toBe(200);
    await b.getByTestId('rows-changed').waitFor({ timeout: 2000 });
    await b.waitForTimeout(1500);
    expect(await shown()).toContain(String(first));
    // Selection cleared: the list reads itself again and the moved order leaves New Orders.
    await b
      .locator('tbody tr', { hasText: String(second) })
      .getByRole('checkbox')
      .uncheck();
    await expect.poll(shown, { timeout: 5000 }).not.toContain(String(first));
    expect(await b.getByTestId('rows-changed').count()).toBe(0);
  });

  it("refuses B's move made on a stale page, with who changed the order, and reloads it", async () => {
    const orderId = await freeOrder();
    // B's live stream is cut, so B's page does not learn of A's change: B acts on what it showed.
    const stale = await contextB.newPage();
    await stale.route(/\/api\/admin\/events\?ticket=/, (route) => route.abort());
    await openOrder(stale, orderId);
    const res = await server.call(adminToken, {
      method: 'PUT',
      url: '/api/admin/move-order-status',
      payload: { orderIds: [orderId], updatingStatus: 'AwaitingGovt' },
    });
    expect(res.statusCode).toBe(200);
    await stale.getByTestId('move-Completed').click();
    await expect
      .poll(() => stale.locator('body').textContent(), { timeout: 5000 })
      .toMatch(new RegExp(`Order ${orderId} was changed after you opened it: Demo Admin moved it to Awaiting Govt`));
    // Nothing was written, and the page now shows the order as it is.
    expect((await server.db('orders').where({ order_id: orderId }).first()).process_status).toBe('AwaitingGovt');
    await expect
      .poll(() => stale.getByTestId('view-order').textContent(), { timeout: 5000 })
      .toContain('Awaiting Govt');
    await screenshot(stale, 'live-stale-conflict');
  });
});
