import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { QUEUES } from '@app/domain';
import { encodeId } from '@app/domain/idCodec';
import { browserAvailable, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** axe-core's source, evaluated in the page (the app's CSP rightly refuses an injected script tag). */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** Widths every screen must fit without sideways page scroll; axe runs at the first and the last. */
const WIDTHS = [1366, 1024, 768, 390];
const AXE_WIDTHS = new Set([1366, 390]);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** axe-core's critical and serious violations on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> } }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  })) as Violation[];
  return violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id} (${violation.help}) at ${violation.nodes
          .slice(0, 3)
          .map((node) => JSON.stringify(node.target))
          .join(', ')}`,
    );
}

/** How far the page scrolls sideways: nothing may stick out at the right edge. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Ids the screens' addresses need, read from the test database. */
interface Ids {
  completedOrder: number;
  teamMember: number;
}

interface Screen {
  name: string;
  path: (ids: Ids) => string;
  /** What shows once the screen has its data. */
  ready: (page: Page) => Promise<unknown>;
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { level: 1, name }).waitFor();
/** A list has its rows, or says it has none. */
const firstRow = (page: Page) => page.locator('tbody tr').or(page.getByText('No records found')).first().waitFor();

/** Every admin screen, as an Admin (who sees them all) reaches it. */
const SCREENS: Screen[] = [
  { name: 'Dashboard', path: () => '/admin', ready: firstRow },
  ...QUEUES.map((queue) => ({
    name: queue.label,
    path: () => `/admin/${queue.route}`,
    ready: queue.columns === 'future' ? heading('Future Order') : firstRow,
  })),
  {
    name: 'View order',
    path: (ids) => `/admin/view-order/${encodeId(ids.completedOrder)}`,
    ready: (page) => page.getByTestId('section-orderDetails').waitFor(),
  },
  { name: 'Country Order List', path: () => '/admin/country-order-list', ready: firstRow },
  { name: 'Order Processed', path: () => '/admin/processed-order', ready: firstRow },
  { name: 'Send Invoice', path: () => '/admin/send-invoice', ready: heading('Send Invoice') },
  { name: 'Manage Team', path: () => '/admin/manage-team', ready: firstRow },
  { name: 'Manage Team, edit', path: (ids) => `/admin/manage-team/${ids.teamMember}`, ready: firstRow },
  {
    name: 'Gateway Setting',
    path: () => '/admin/gateway-setting',
    ready: (page) => page.getByTestId('active-gateway').getByText(/\w/).waitFor(),
  },
  { name: 'Change Password', path: () => '/admin/change-password', ready: heading('Update Password') },
  { name: 'Audit Log', path: () => '/admin/audit-events', ready: firstRow },
];

/**
 * Every admin screen (signed in as an Admin, who sees them all) and the sign-in and visitor pages, at four
 * widths: none scrolls sideways, and axe-core finds no critical or serious violation at 1366 and 390 px.
 */
describe.skipIf(!browserAvailable())('accessibility and fit of every screen in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: Page;
  let ids: Ids;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    const completed = await server
      .db('orders as o')
      .join('uploaded_documents as d', 'd.order_id', 'o.order_id')
      .where('o.process_status', 'Completed')
      .orderBy('o.order_id', 'desc')
      .first('o.order_id');
    const member = await server.db('team_members').where({ email: 'team@demo.test' }).first('id');
    ids = { completedOrder: completed.order_id, teamMember: member.id };
    admin = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(admin, server.url, 'admin@demo.test');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Checks one loaded screen at every width; answers what failed. */
  async function check(page: Page, name: string): Promise<string[]> {
    const failures: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // Let the layout settle at the new width (the sidebar turns into a slide-in panel under 991 px).
      await page.waitForTimeout(300);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) failures.push(`${name} at ${width} px scrolls sideways by ${overflow} px`);
      if (AXE_WIDTHS.has(width)) {
        for (const violation of await seriousViolations(page)) failures.push(`${name} at ${width} px: ${violation}`);
        await screenshot(page, `axe-${name.toLowerCase().replace(/\W+/g, '-')}-${width}`);
      }
    }
    return failures;
  }

  it('the sign-in page', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const failures = await check(page, 'Sign-in');
    // The validation messages are part of the page too.
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email Address is required').waitFor();
    failures.push(...(await seriousViolations(page)).map((violation) => `Sign-in with messages: ${violation}`));
    await page.close();
    expect(failures).toEqual([]);
  });

  it.each(SCREENS)('$name', async (screen) => {
    await admin.setViewportSize({ width: 1366, height: 900 });
    await admin.goto(`${server.url}${screen.path(ids)}`);
    await screen.ready(admin);
    expect(await check(admin, screen.name)).toEqual([]);
  });

  it('the header menus and the sidebar panel', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page, server.url, 'manager@demo.test');
    await page.getByRole('button', { name: 'Demo Manager' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    const failures = (await seriousViolations(page)).map((violation) => `user menu: ${violation}`);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/admin/called`);
    await page.locator('.RaAppBar-menuButton').click();
    await page.getByTestId('sidebar').waitFor();
    failures.push(...(await seriousViolations(page)).map((violation) => `sidebar panel: ${violation}`));
    await page.close();
    expect(failures).toEqual([]);
  });

  it('the visitor pages', async () => {
    const order = await server
      .db('orders as o')
      .join('uploaded_documents as d', 'd.order_id', 'o.order_id')
      .where('o.process_status', 'Completed')
      .orderBy('o.order_id', 'desc')
      .first('o.order_id', 'o.email');
    const page = await browser.newPage();
    await page.goto(`${server.url}/track-order/${encodeId(order.order_id)}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const failures = await check(page, 'Track order');
    await page.getByLabel('Email').fill(order.email);
    await page.getByRole('button', { name: 'TRACK ORDER' }).click();
    await page.waitForURL(`**/get-new-order-details/${encodeId(order.order_id)}`);
    await page.getByTestId('download-history').locator('tbody tr').first().waitFor();
    failures.push(...(await check(page, 'Order details')));
    await page.close();
    expect(failures).toEqual([]);
  });
});
