import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { encodeId, nowUtc } from '@app/domain';
import { ManualClock } from '../../api/src/core/clock.js';
import { seriousViolations } from '../helpers/axe.js';
import {
  browserAvailable,
  chooseOption,
  openSignedIn,
  columnValues,
  launchBrowser,
  screenshot,
} from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const RULE = 'Chase after two days';
const MACRO = 'Photo unreadable';
const THAI_SUBJECT = 'ติดต่อเราด่วน: คำสั่งซื้อ {{ order_id }}';

/**
 * Automation as staff live it, in Chromium, with no release: an Admin makes the chase rule after its dry
 * run, edits the chase mail in Thai and previews it, and makes a macro; a Team member runs the macro;
 * two days later (the app's clock) the rule fires and a Telecaller finds the orders and the bell's notice.
 * Each step is checked by what the member sees.
 */
describe.skipIf(!browserAvailable())('Automation, a day of it, in Chromium', () => {
  const clock = new ManualClock(new Date());
  let server: TestServer;
  let browser: Browser;
  let admin: Page;
  let team: Page;
  let telecaller: Page;
  /** Orders moved into Awaiting Customer now: due once two days have passed. */
  let waiting: number[];

  const open = (email: string) => openSignedIn(browser, server.url, email);
  /**
   * Adds the actions the rule and the macro start with, the chase mail then the move to Contact Customer, and
   * a third one to fill (`statusSelects`: the Status selects above the actions), its type not chosen yet.
   */
  const addChaseActions = async (page: Page, statusSelects: number) => {
    const add = page.getByTestId('actions-input').getByRole('button', { name: 'Add' });
    await add.click();
    await chooseOption(page, /^Action/, 'Mail');
    await page.getByRole('textbox', { name: /^Template/ }).fill('chase');
    await add.click();
    await chooseOption(page, /^Action/, 'Move', 1);
    await chooseOption(page, /^Status/, 'Contact Customer', statusSelects);
    await add.click();
  };
  const noSeriousViolations = async (page: Page, where: string) =>
    expect((await seriousViolations(page)).map((violation) => `${where}: ${violation}`)).toEqual([]);
  /** Orders in Awaiting Customer for two days or more by the app's clock, as the rule reads them. */
  const dueNow = async () =>
    (
      await server
        .db('orders')
        .where({ process_status: 'Awaiting' })
        .where('status_entered_at', '<=', nowUtc(new Date(clock.now().getTime() - 2880 * 60_000)))
        .orderBy('order_id')
        .pluck('order_id')
    ).map(Number);

  beforeAll(async () => {
    server = await startTestServer('sqlite', {}, { clock });
    browser = await launchBrowser();
    const token = await server.login('admin@demo.test');
    const fresh: number[] = (
      await server
        .db('orders')
        .where({ process_status: 'New' })
        .whereNull('assignee_id')
        .orderBy('order_id', 'desc')
        .limit(2)
        .pluck('order_id')
    ).map(Number);
    const moved = await server.call(token, {
      method: 'PUT',
      url: '/api/admin/move-order-status',
      payload: { orderIds: fresh, updatingStatus: 'Awaiting' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    waiting = fresh;
    admin = await open('admin@demo.test');
    team = await open('team@demo.test');
  });
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    for (const [name, page] of Object.entries({ admin, team, telecaller }))
      if (page) await screenshot(page, `automation-day-failed-${task.name.slice(0, 20).replace(/\W+/g, '-')}-${name}`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('an Admin makes the chase rule after a dry run shows the orders it would touch', async () => {
    const due = await dueNow();
    expect(due.length).toBeGreaterThan(0);
    await admin.getByTestId('menu-order-fields').click();
    await admin.getByTestId('tab-automation-rules').click();
    await admin.waitForURL(/automation-rules$/);
    await admin.locator('a[href$="/automation-rules/create"]').click();
    await admin.waitForURL(/automation-rules\/create$/);
    await admin.getByRole('textbox', { name: /^Name/ }).fill(RULE);
    await chooseOption(admin, /^Trigger/, 'After a time');
    await chooseOption(admin, /^Status/, 'Awaiting Customer');
    await admin.getByRole('spinbutton', { name: /After \(minutes\)/ }).fill('2880');
    await addChaseActions(admin, 1);
    await chooseOption(admin, /^Action/, 'Assign', 2);
    await chooseOption(admin, /^Strategy/, 'Round robin');
    await chooseOption(admin, /^Role/, 'Telecaller');

    await admin.getByTestId('dry-run').click();
    const result = admin.getByTestId('dry-run-result');
    await expect
      .poll(() => result.textContent())
      .toBe(`${due.length} orders now; first ids: ${due.slice(0, 20).join(', ')}`);
    // Dry: nothing moved.
    expect(await dueNow()).toEqual(due);
    await noSeriousViolations(admin, 'rule form');
    await screenshot(admin, 'automation-day-rule');

    await admin.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => columnValues(admin, 'Name'), { timeout: 10_000 }).toContain(RULE);
  });

  it('an Admin edits the chase mail in Thai and previews it on an order', async () => {
    const order = waiting[0]!;
    await server.db('orders').where({ order_id: order }).update({ nationality: 'THAILAND' });
    await admin.getByRole('tab', { name: 'Mail templates' }).click();
    await admin.getByRole('combobox', { name: 'Language' }).click();
    await admin.getByRole('option', { name: 'th', exact: true }).click();
    await admin.getByRole('textbox', { name: 'Mail' }).fill('chase');
    await expect.poll(() => admin.getByRole('row').count()).toBe(2);
    await admin.getByRole('row').filter({ hasText: 'chase' }).filter({ hasText: 'th' }).click();

    const subject = admin.getByRole('textbox', { name: /^Subject/ });
    await expect.poll(() => subject.inputValue()).not.toBe('');
    await subject.fill(THAI_SUBJECT);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByTestId('version-2').getByText('Current').waitFor();

    await admin.getByRole('textbox', { name: 'Order ID' }).fill(String(order));
    await admin.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect
      .poll(() => admin.getByTestId('preview-subject').textContent())
      .toBe(THAI_SUBJECT.replace('{{ order_id }}', String(order)));
    await admin.frameLocator('iframe[title="The mail as the customer sees it"]').locator('body').waitFor();
    await noSeriousViolations(admin, 'template preview');
    await screenshot(admin, 'automation-day-template');
  });

  it('an Admin makes the macro "Photo unreadable": the mail, a move and a comment', async () => {
    await admin.getByTestId('tab-macros').click();
    await admin.waitForURL(/macros$/);
    await admin.locator('a[href$="/macros/create"]').click();
    await admin.waitForURL(/macros\/create$/);
    await admin.getByRole('textbox', { name: /^Name/ }).fill(MACRO);
    await admin.getByRole('checkbox', { name: 'Team', exact: true }).check();
    await addChaseActions(admin, 0);
    await chooseOption(admin, /^Action/, 'Comment', 2);
    await admin.getByRole('textbox', { name: /^Text/ }).fill('Passport photo unreadable: new photo asked for.');
    await noSeriousViolations(admin, 'macro form');
    await screenshot(admin, 'automation-day-macro');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => columnValues(admin, 'Name'), { timeout: 10_000 }).toContain(MACRO);
  });

  it('a Team member runs the macro from an order page', async () => {
    const order = await server
      .db('orders')
      .where({ process_status: 'New' })
      .whereNull('assignee_id')
      .orderBy('order_id')
      .first('order_id');
    await team.goto(`${server.url}/admin/view-order/${encodeId(order.order_id)}`);
    await team.getByRole('button', { name: 'Contact Customer' }).waitFor();
    await team.getByTestId('macros-button').click();
    await team.getByRole('menuitem', { name: MACRO }).click();
    await team.getByText(`Macro ${MACRO} done.`).waitFor();
    // The page reads the order again: the mail queued, the comment in the timeline, the move no longer offered.
    await team.getByRole('row').filter({ hasText: 'chase' }).filter({ hasText: 'Queued' }).waitFor();
    await team.getByText('Comment added: “Passport photo unreadable: new photo asked for.”').waitFor();
    await team.getByRole('button', { name: 'Contact Customer' }).waitFor({ state: 'detached' });
    await screenshot(team, 'automation-day-macro-ran');
  });

  it('two days later the rule fires, and a Telecaller finds the orders and the notice in the bell', async () => {
    clock.advance({ days: 2, minutes: 1 });
    const due = await dueNow();
    expect(due).toEqual(expect.arrayContaining(waiting));
    // Two Telecallers on shift: the demo one signs in now, another signed in an hour ago.
    telecaller = await open('telecaller@demo.test');
    const me = await server.db('team_members').where({ email: 'telecaller@demo.test' }).first('id');
    await server
      .db('team_members')
      .where({ type: 'Telecaller' })
      .whereNot({ id: me.id })
      .orderBy('id')
      .limit(1)
      .update({ last_login_at: nowUtc(new Date(clock.now().getTime() - 3_600_000)) });

    expect(await server.app.automation.runDueRules()).toBe(due.length);
    await server.app.automation.settled();
    const mine: number[] = (
      await server.db('orders').whereIn('order_id', due).where({ assignee_id: me.id }).pluck('order_id')
    ).map(Number);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(due.length);

    // Told of each order given to them (one they held already is not news): the bell counts them, live.
    const notices: string[] = await server
      .db('notifications')
      .where({ member_id: me.id, kind: 'assigned' })
      .orderBy('id')
      .pluck('title');
    expect(notices.length).toBeGreaterThan(0);
    const told = notices.map((title) => Number(/^Order (\d+) was assigned to you \(Rule: (.+)\)\.$/.exec(title)?.[1]));
    expect(mine).toEqual(expect.arrayContaining(told));
    const unread = await server.db('notifications').where({ member_id: me.id }).whereNull('read_at').count({ n: '*' });
    await expect
      .poll(() => telecaller.getByTestId('bell-count').textContent(), { timeout: 15_000 })
      .toBe(String(unread[0]!.n));
    await telecaller.getByTestId('bell').click();
    const notice = notices.at(-1)!;
    await telecaller.getByTestId('notifications').getByText(notice).waitFor();
    await screenshot(telecaller, 'automation-day-bell');
    await telecaller.getByTestId('notifications').getByText(notice).click();
    await telecaller.waitForURL(new RegExp(`/view-order/${encodeId(told.at(-1)!)}$`));
    await telecaller.getByText('Contact Customer').first().waitFor();

    // My Orders holds them: its count, and its rows are orders of theirs.
    const held: number[] = (
      await server
        .db('orders')
        .where({ assignee_id: me.id })
        .whereNotIn('process_status', ['Completed', 'Refunds', 'Deleted'])
        .pluck('order_id')
    ).map(Number);
    expect(held).toEqual(expect.arrayContaining(mine));
    await telecaller.getByTestId('sidebar').getByText('Dashboard', { exact: true }).click();
    await expect
      .poll(() => telecaller.getByTestId('tile-count-myOrdersCount').textContent(), { timeout: 15_000 })
      .toBe(String(held.length));
    await telecaller.getByTestId('tile-my-order').click();
    await telecaller.waitForURL(/\/admin\/my-order/);
    // The rows of My Orders, not those of the page before it (on a busy machine the table is drawn later).
    const shown = async () => (await telecaller.getByTestId('order-id').allTextContents()).map(Number);
    await expect
      .poll(async () => (await shown()).filter((id) => held.includes(id)).length)
      .toBe(Math.min(held.length, 10));
    expect((await shown()).filter((id) => !held.includes(id))).toEqual([]);
    await screenshot(telecaller, 'automation-day-telecaller');
  });
});
