import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { specSidebarFor } from '../helpers/specSidebar.js';
import type { Role } from '@app/domain';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** Each demo account and its sidebar: the old system's links for the role, then Logout. */
const links = (role: Role) => [...specSidebarFor(role), 'Logout'];
const ROLES = [
  { email: 'admin@demo.test', name: 'Demo Admin', links: links('Admin') },
  { email: 'manager@demo.test', name: 'Demo Manager', links: links('Manager') },
  { email: 'team@demo.test', name: 'Demo Team', links: links('Team') },
  { email: 'telecaller@demo.test', name: 'Demo Telecaller', links: links('Telecaller') },
  { email: 'night@demo.test', name: 'Demo Night Staff', links: links('Night Staff') },
];
/** Sidebar link label to its get-folder-count field. */
const COUNTED: Record<string, string> = {
  'Awaiting Customer': 'awaitingOrdersCount',
  'Awaiting Govt': 'awaitingGovtCount',
  'Contact Customer': 'contactCustomerOrdersCount',
  'Customer Called': 'customerCalledCount',
  'Order History': 'allOrdersCount',
  'Future Orders': 'futureOrdersCount',
  'Deleted Orders': 'deletedOrdersCount',
  Refunds: 'refundOrdersCount',
  'Charge Back': 'chargeBackCount',
  'Disputes due': 'disputesDue',
};
const TILES: Record<string, string> = {
  'My Orders': 'myOrdersCount',
  'New Orders': 'newOrdersCount',
  'Priority Order': 'priorityOrdersCount',
  'Pending Orders': 'pendingOrdersCount',
  'Completed Orders': 'completedOrdersCount',
};

/** The sidebar as [label, count or null] pairs, in order. */
async function sidebar(page: Page): Promise<Array<[string, string | null]>> {
  const items = page.locator('[data-testid="sidebar"] > *');
  await items.first().waitFor();
  // Counts show '…' until get-folder-count answers.
  await page.waitForFunction(() => !document.querySelector('[data-testid="sidebar"]')?.textContent?.includes('…'));
  return items.evaluateAll((nodes) =>
    nodes.map((node) => {
      const count = node.querySelector('[data-testid^="count-"]')?.textContent ?? null;
      const label = (node.textContent ?? '').replace(count ?? '', '').trim();
      return [label, count] as [string, string | null];
    }),
  );
}

/** A page whose horizontal content fits the viewport: nothing cut off at the right edge. */
async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.skipIf(!browserAvailable())('admin shell in Chromium', () => {
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

  it.each(ROLES)(
    "shows $email the old system's sidebar for the role with the API counts",
    async ({ email, name, links }) => {
      const page = await browser.newPage({ viewport: DESKTOP });
      await signIn(page, server.url, email);
      expect(await page.getByTestId('welcome').textContent()).toBe(`Welcome ${name}`);
      const token = await server.login(email);
      const counts = (await server.call(token, { method: 'GET', url: '/api/admin/get-folder-count' })).json().data;
      // The dispute desk counts its own (not a queue's).
      counts.disputesDue = (await server.call(token, { method: 'GET', url: '/api/disputes-due-count' })).json().due;

      const shown = await sidebar(page);
      expect(shown.map(([label]) => label)).toEqual(links);
      for (const [label, count] of shown) {
        expect(count, label).toBe(COUNTED[label] ? String(counts[COUNTED[label]!]) : null);
      }
      for (const [label, field] of Object.entries(TILES)) {
        const tile = page.locator('[data-testid^="tile-"]', { hasText: label }).first();
        await expect.poll(() => tile.getByTestId(`tile-count-${field}`).textContent()).toBe(String(counts[field]));
      }
      expect(await page.title()).toBe('Arrival Card Back-office');
      await page.close();
    },
  );

  it('keeps Order History from a Telecaller who types its address', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'telecaller@demo.test');
    await page.goto(`${server.url}/admin/order-history`);
    await page
      .getByText(/not authorized|Access denied/i)
      .first()
      .waitFor();
    expect(await page.locator('tbody tr').count()).toBe(0);
    await page.close();
  });

  it('lays out the dashboard and a queue at 1366x768 and 390x844 without overflow', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'manager@demo.test');
    await page.locator('tbody tr').first().waitFor();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'admin-dashboard-1366');

    await page.goto(`${server.url}/admin/refund-order`);
    await page.getByRole('heading', { name: 'Refunds' }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    const headers = await page.locator('thead th').allTextContents();
    expect(headers.slice(1)).toEqual([
      'Order Id',
      'Email',
      'Telephone',
      'Date & Time',
      'Refund Date',
      'Status',
      'Action',
    ]);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'admin-refunds-1366');

    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/admin`);
    await page.locator('tbody tr').first().waitFor();
    // Under 991 px the sidebar is a slide-in panel, closed until the header toggle opens it.
    await expect.poll(() => page.getByTestId('sidebar').isVisible()).toBe(false);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'admin-dashboard-390');

    await page.goto(`${server.url}/admin/awaiting-response`);
    await page.locator('tbody tr').first().waitFor();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'admin-queue-390');

    await page.locator('.RaAppBar-menuButton').click();
    await page.getByTestId('sidebar').waitFor();
    await screenshot(page, 'admin-sidebar-390');
    await page.getByRole('button', { name: 'Close menu' }).click();
    await page.getByTestId('sidebar').waitFor({ state: 'hidden' });
    await page.close();
  });

  it('switches the language to French and back', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'team@demo.test');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    expect(await page.getByTestId('welcome').textContent()).toBe('Bienvenue Demo Team');
    await page.getByRole('button', { name: 'Langue' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.close();
  });

  it('on a 401 shows the server message, removes the stored login and goes to /', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'team@demo.test');
    // The token is spoiled from a page of the same origin with no app running: the signed-in admin, still
    // open, would use it at its next request and go to the sign-in page (taking the message) before the goto.
    await page.goto(`${server.url}/api/health`);
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('user')!);
      localStorage.setItem('user', JSON.stringify({ ...user, accessToken: 'expired.token.value' }));
    });
    await page.goto(`${server.url}/admin/awaiting-govt`);
    await page.getByText('Your session is not valid. Please sign in again.').waitFor();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    expect(await page.title()).toBe('Thailand');
    await page.close();
  });

  it('logs out from the header menu back to /, the menu button named by the member', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    // The menu's preference items come in chunks of their own, asked for as the admin starts: held back here,
    // as a slow network would.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const chunkAsked = new Promise<void>((resolve) => (asked = resolve));
    await page.route(/\/assets\/(TimeZoneMenuItem|LayoutMenuItems)-[^/]+\.js$/, async (route) => {
      asked();
      await released;
      await route.continue();
    });
    await signIn(page, server.url, 'night@demo.test');
    await page.getByRole('button', { name: 'Demo Night Staff' }).click();
    await chunkAsked;
    // Logout is not offered above where it will end up: a click aimed at it would land on the items that push
    // it down when they arrive.
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Logout' }).count()).toBe(0);
    release();
    await menu.getByTestId('time-zone-menu-item').waitFor();
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.close();
  });

  it('reaches the sidebar Logout with the keyboard, which ends the token on the server too', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'team@demo.test');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).accessToken as string);
    const logout = page.getByTestId('sidebar').getByRole('menuitem', { name: 'Logout' });
    // Tabs through a page at rest, as a member would once it has loaded: the sidebar with its counts, the
    // home queue's rows and no request under way. Pressed while it was still loading, on a busy machine,
    // the presses ran out before Logout.
    await page.waitForFunction(() => !document.querySelector('[data-testid="sidebar"]')?.textContent?.includes('…'));
    await page.locator('tbody tr').first().waitFor();
    await page.locator('.RaLoadingIndicator-loader').waitFor({ state: 'detached' });
    await logout.waitFor();
    let reached = false;
    for (let presses = 0; presses < 60 && !reached; presses++) {
      await page.keyboard.press('Tab');
      reached = await logout.evaluate((item) => item === document.activeElement);
    }
    expect(reached).toBe(true);
    // The sign-in page can show before the server has answered the sign-out (the page leaves /admin as soon
    // as the token is gone here): the check waits for that answer.
    const signedOut = page.waitForResponse((response) => response.url().endsWith('/api/admin/logout'));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/`);
    await signedOut;
    expect((await server.call(token, { method: 'GET', url: '/api/user_info' })).statusCode).toBe(401);
    await page.close();
  });

  it('says the sign-in succeeded in a toast that closes by itself', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'team@demo.test');
    const toast = page.locator('.MuiSnackbarContent-message', { hasText: 'Login successfully.' });
    await toast.waitFor();
    await toast.waitFor({ state: 'detached', timeout: 10_000 });
    await page.close();
  });

  it("keeps toasts under the app bar, clear of the screen's controls", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'team@demo.test');
    await page.goto(`${server.url}/admin/change-password`);
    await page.getByRole('textbox', { name: 'Current Password' }).fill('wrong-password');
    await page.getByRole('textbox', { name: 'New Password' }).fill('another-secret-1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    const toast = page.locator('.MuiSnackbarContent-root');
    await toast.waitFor();
    const toastBox = (await toast.boundingBox())!;
    const appBarBox = (await page.locator('header').first().boundingBox())!;
    expect(toastBox.y).toBeGreaterThanOrEqual(appBarBox.y + appBarBox.height);
    const controls = await page
      .locator('main button, main input')
      .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect));
    const overlaps = (a: DOMRect, b: { x: number; y: number; width: number; height: number }) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(controls.filter((control) => control.width > 0 && overlaps(control, toastBox))).toEqual([]);
    await page.close();
  });
});
