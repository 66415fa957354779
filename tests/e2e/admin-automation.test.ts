import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { encodeId, nowUtc } from '@app/domain';
import {
  browserAvailable,
  chooseOption,
  openSignedIn,
  columnValues,
  launchBrowser,
  screenshot,
} from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Automation in Chromium: an Admin makes "Awaiting Customer for 2 days: move to Contact Customer, assign
 * round robin among Telecallers" from the admin, with a dry run first; a Team member runs a macro from an
 * order page.
 */
describe.skipIf(!browserAvailable())('Automation: rules and macros, in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: Page;
  let team: Page;

  const open = (email: string) => openSignedIn(browser, server.url, email);

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    admin = await open('admin@demo.test');
    team = await open('team@demo.test');
  });
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    for (const [name, page] of Object.entries({ admin, team }))
      await screenshot(page, `automation-failed-${task.name.slice(0, 20).replace(/\W+/g, '-')}-${name}`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('makes a time rule from the admin, dry-runs it, and the scheduler fires it on exactly those orders', async () => {
    // Two Telecallers on shift: the rule shares the orders between them.
    const telecallers: number[] = (
      await server.db('team_members').where({ type: 'Telecaller' }).orderBy('id').limit(2).pluck('id')
    ).map(Number);
    await server.db('team_members').whereIn('id', telecallers).update({ last_login_at: nowUtc() });
    const due: number[] = (
      await server
        .db('orders')
        .where({ process_status: 'Awaiting' })
        .where('status_entered_at', '<=', nowUtc(new Date(Date.now() - 2880 * 60_000)))
        .orderBy('order_id')
        .pluck('order_id')
    ).map(Number);
    expect(due.length).toBeGreaterThan(1);

    await admin.getByTestId('menu-order-fields').click();
    await admin.getByTestId('tab-automation-rules').click();
    await admin.waitForURL(/automation-rules$/);
    // The rules' own Create: while their screen loads, the Order fields list (with a Create of its own) stays shown.
    await admin.locator('a[href$="/automation-rules/create"]').click();
    await admin.waitForURL(/automation-rules\/create$/);
    await admin.getByRole('textbox', { name: /^Name/ }).fill('Chase after two days');
    await chooseOption(admin, /^Trigger/, 'After a time');
    await chooseOption(admin, /^Status/, 'Awaiting Customer');
    await admin.getByRole('spinbutton', { name: /After \(minutes\)/ }).fill('2880');
    const add = admin.getByTestId('actions-input').getByRole('button', { name: 'Add' });
    await add.click();
    await chooseOption(admin, /^Action/, 'Move');
    await chooseOption(admin, /^Status/, 'Contact Customer', 1);
    await add.click();
    await chooseOption(admin, /^Action/, 'Assign', 1);
    await chooseOption(admin, /^Strategy/, 'Round robin');
    await chooseOption(admin, /^Role/, 'Telecaller');

    await admin.getByTestId('dry-run').click();
    const result = admin.getByTestId('dry-run-result');
    await result.waitFor();
    expect(await result.textContent()).toContain(`${due.length} orders now; first ids: ${due.slice(0, 20).join(', ')}`);
    expect(
      await server
        .db('orders')
        .whereIn('order_id', due)
        .where({ process_status: 'Awaiting' })
        .count({ n: '*' })
        .first(),
    ).toMatchObject({ n: due.length });
    await screenshot(admin, 'automation-rule-create');

    await admin.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => columnValues(admin, 'Name'), { timeout: 10_000 }).toContain('Chase after two days');

    expect(await server.app.automation.runDueRules()).toBe(due.length);
    await server.app.automation.settled();
    const moved = await server.db('orders').whereIn('order_id', due).select('process_status', 'assignee_id');
    expect(new Set(moved.map((o) => o.process_status))).toEqual(new Set(['Contact Customer']));
    const shares = telecallers.map((id) => moved.filter((o) => Number(o.assignee_id) === id).length);
    expect(Math.abs(shares[0]! - shares[1]!)).toBeLessThanOrEqual(1);

    await admin.getByTestId('tab-automation-runs').click();
    // Newest first: the last firing is one of those orders.
    await expect
      .poll(async () => due.includes(Number((await columnValues(admin, 'Order'))[0])), { timeout: 10_000 })
      .toBe(true);
  });

  it('lets a Team member run a macro from an order page, as one change of the order', async () => {
    const adminToken = await server.login('admin@demo.test');
    const created = await server.call(adminToken, {
      method: 'POST',
      url: '/api/macros',
      payload: {
        name: 'Photo unreadable',
        roles: ['Team'],
        actions: [
          { type: 'move', status: 'Contact Customer' },
          { type: 'comment', text: 'The passport photo cannot be read.' },
        ],
      },
    });
    expect(created.statusCode).toBe(200);
    const order = await server
      .db('orders')
      .where({ process_status: 'New' })
      .whereNull('assignee_id')
      .orderBy('order_id')
      .first('order_id', 'version');
    await team.goto(`${server.url}/admin/view-order/${encodeId(order.order_id)}`);
    await team.getByTestId('macros-button').click();
    await team.getByRole('menuitem', { name: 'Photo unreadable' }).click();
    await team.getByText('Macro Photo unreadable done.').waitFor();
    expect(await server.db('orders').where({ order_id: order.order_id }).first('process_status', 'version')).toEqual({
      process_status: 'Contact Customer',
      version: Number(order.version) + 1,
    });
    // The page reads the order again: the comment is in its history, and the button it no longer needs is gone.
    await team.getByRole('cell', { name: 'Demo Team' }).first().waitFor();
    await team.getByRole('button', { name: 'Contact Customer' }).waitFor({ state: 'detached' });
    await screenshot(team, 'automation-macro-ran');
  });
});
