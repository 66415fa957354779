import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, columnValues, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * SLA in Chromium: an Admin makes "Priority within 2 business hours, paused in Awaiting Customer" from the
 * Configuration area; the Priority queue then shows each order's SLA badge, and a Manager opens the SLA report.
 */
describe.skipIf(!browserAvailable())('SLA policies and report, in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: Page;

  const open = async (email: string) => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(page, server.url, email);
    return page;
  };
  const choose = async (page: Page, label: RegExp, option: string) => {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    admin = await open('admin@demo.test');
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail')
      await screenshot(admin, `sla-failed-${task.name.slice(0, 20).replace(/\W+/g, '-')}`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('makes a Priority SLA of 2 business hours that pauses in Awaiting Customer, which the Priority queue then shows', async () => {
    await admin.getByTestId('menu-order-fields').click();
    await admin.getByTestId('tab-sla-policies').click();
    await admin.waitForURL(/sla-policies$/);
    // The policies' own Create: while their screen loads, the previous list (with a Create of its own) stays shown.
    await admin.locator('a[href$="/sla-policies/create"]').click();
    await admin.waitForURL(/sla-policies\/create$/);
    await admin.getByRole('textbox', { name: /^Name/ }).fill('Priority, 2 business hours');
    await admin.getByRole('spinbutton', { name: /^Position/ }).fill('-1');
    await admin.getByRole('spinbutton', { name: /^Target/ }).fill('120');
    await admin
      .getByRole('group', { name: /Clock stops in/ })
      .getByRole('checkbox', { name: 'Awaiting Govt' })
      .uncheck();
    await admin.getByRole('button', { name: 'Add a condition' }).click();
    await choose(admin, /^Field/, 'Processing Mode');
    await choose(admin, /^Value/, 'Priority');
    await screenshot(admin, 'sla-policy-create');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => columnValues(admin, 'Name'), { timeout: 10_000 }).toContain('Priority, 2 business hours');

    const policy = await server.db('sla_policies').where({ name: 'Priority, 2 business hours' }).first();
    expect(policy.position).toBe(-1);
    expect(JSON.parse(policy.policy_json)).toMatchObject({
      conditions: { processing_mode: 'Priority' },
      targetMinutes: 120,
      warnAtPercent: 75,
      pauseStatuses: ['Awaiting'],
      businessHours: { timeZone: 'Asia/Bangkok', days: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' },
    });
    // The worker's next pass puts every open Priority order under it.
    await server.app.sla.runDueClocks();
    const open = await server
      .db('orders')
      .where({ processing_mode: 'Priority', process_status: 'New' })
      .first('sla_policy_id', 'sla_state');
    expect(open).toMatchObject({ sla_policy_id: policy.id });

    await admin.goto(`${server.url}/admin/priority-order`);
    await admin.getByTestId('sla-due').first().waitFor();
    expect(await admin.getByTestId('sla-due').first().getAttribute('data-state')).toMatch(/^(ok|at_risk|breached)$/);
    await screenshot(admin, 'sla-priority-queue');
  });

  it('shows a Manager the SLA report per member', async () => {
    const manager = await open('manager@demo.test');
    await manager.getByTestId('menu-sla-report').click();
    await manager.waitForURL(/sla-report/);
    await manager.getByRole('columnheader', { name: 'Breaches' }).waitFor();
    await choose(manager, /^Per/, 'Member');
    await expect.poll(() => manager.url(), { timeout: 10_000 }).toContain('member');
    await screenshot(manager, 'sla-report');
  });
});
