import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { encodeId } from '@app/domain/idCodec';
import { browserAvailable, columnValues, launchBrowser, screenshot, signIn, tableHeaders } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { seriousViolations } from '../helpers/axe.js';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const QUEUE_ID = 'priority-business';

/**
 * In Chromium: an Admin extends the admin at run time (a choice field and a date field, then a custom
 * queue) while a Team member works in another browser, and a Telecaller not given the field works in a third.
 */
describe.skipIf(!browserAvailable())('Configuration: custom fields and queues, live, in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let team: Page;
  let telecaller: Page;
  let teamToken: string;
  let telecallerToken: string;
  /** A New Priority order nobody holds: Team gives it a visa type, then the Admin moves it into the custom queue. */
  let priorityOrder: number;
  /** Another order, given another visa type through the API, for the sort. */
  let otherOrder: number;

  const page = async (email: string) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    contexts.push(context);
    const opened = await context.newPage();
    await signIn(opened, server.url, email);
    return opened;
  };
  const expectNoSeriousViolations = async (where: Page, name: string) =>
    expect((await seriousViolations(where)).map((violation) => `${name}: ${violation}`)).toEqual([]);
  /** A screen at phone width, then back at desktop width, each looked at (axe and a screenshot). */
  const lookAt = async (where: Page, name: string, ready: () => Promise<unknown>) => {
    for (const viewport of [DESKTOP, PHONE]) {
      await where.setViewportSize(viewport);
      await ready();
      await screenshot(where, `configuration-${name}-${viewport.width}`);
      await expectNoSeriousViolations(where, `${name} at ${viewport.width} px`);
    }
    await where.setViewportSize(DESKTOP);
  };
  /** The text input labelled `label` (react-admin adds an asterisk to required ones). */
  const textbox = (where: Page, label: string) =>
    where.getByRole('textbox', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`) });
  /** Picks `option` in the react-admin select labelled `label` (the nth such one). */
  const choose = async (where: Page, label: RegExp, option: string, nth = 0) => {
    await where.getByRole('combobox', { name: label }).nth(nth).click();
    await where.getByRole('option', { name: option, exact: true }).click();
  };

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    const orders = await server
      .db('orders')
      .where({ process_status: 'New', processing_mode: 'Priority' })
      .whereNull('assignee_id')
      .orderBy('order_id', 'desc')
      .limit(2)
      .pluck('order_id');
    [priorityOrder, otherOrder] = orders.map(Number) as [number, number];
    admin = await page('admin@demo.test');
    team = await page('team@demo.test');
    telecaller = await page('telecaller@demo.test');
    teamToken = await server.login('team@demo.test');
    telecallerToken = await server.login('telecaller@demo.test');
  });
  // What each member saw when a step failed, for people to look at.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    for (const [name, where] of Object.entries({ admin, team, telecaller }))
      await screenshot(where, `configuration-failed-${task.name.slice(0, 20).replace(/\W+/g, '-')}-${name}`);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  it('lists built-in and custom order fields to an Admin only, under Configuration', async () => {
    await admin.getByTestId('menu-order-fields').click();
    await admin.getByRole('tab', { name: 'Order fields' }).waitFor();
    await expect.poll(() => columnValues(admin, 'Key')).toContain('order_id');
    await lookAt(admin, 'order-fields', () => admin.getByRole('cell', { name: 'order_id', exact: true }).waitFor());
    expect(await team.getByTestId('menu-order-fields').count()).toBe(0);
  });

  it('shows a built-in field beside its defaults, and why a locked one keeps its readers', async () => {
    await admin.getByRole('cell', { name: 'email', exact: true }).first().click();
    await admin.getByTestId('locked-reason').waitFor();
    expect(await admin.getByTestId('locked-reason').textContent()).toContain('proof');
    await admin
      .getByRole('group', { name: /Roles that read it/ })
      .getByRole('checkbox', { name: 'Telecaller' })
      .uncheck();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin
      .getByText(/always read it/)
      .first()
      .waitFor();
    await lookAt(admin, 'built-in-field', () => admin.getByTestId('locked-reason').waitFor());
  });

  it("adds a choice field that shows at once as a column of a Team member's open queue", async () => {
    await team.goto(`${server.url}/admin/order-history`);
    await team.getByTestId('order-id').first().waitFor();
    expect(await tableHeaders(team)).not.toContain('Visa type');

    await admin.goto(`${server.url}/admin/order-fields/create`);
    await textbox(admin, 'Key').fill('visa_type');
    await choose(admin, /^Type/, 'Choice');
    await textbox(admin, 'Label').fill('Visa type');
    await textbox(admin, 'Label (French)').fill('Type de visa');
    // The API's rules are the form's: a choice field needs its choices.
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('A choice field needs at least one choice.').waitFor();
    await textbox(admin, 'Choices').fill('Tourist\nBusiness\nTransit');
    await admin
      .getByRole('group', { name: /Roles that read it/ })
      .getByRole('checkbox', { name: 'Telecaller' })
      .uncheck();
    const editors = admin.getByRole('group', { name: /Roles that edit it/ });
    await editors.getByRole('checkbox', { name: 'Admin' }).check();
    await editors.getByRole('checkbox', { name: 'Team' }).check();
    for (const name of ['Column', 'Filter', 'Sortable']) await admin.getByLabel(name, { exact: true }).check();
    await lookAt(admin, 'field-create', () => textbox(admin, 'Choices').waitFor());
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => columnValues(admin, 'Key'), { timeout: 10_000 }).toContain('visa_type');

    // No reload: the configuration.changed event redraws the Team member's table from the new registry.
    await expect.poll(() => tableHeaders(team), { timeout: 10_000 }).toContain('Visa type');
  });

  it('adds a required date field that Team may edit', async () => {
    await admin.goto(`${server.url}/admin/order-fields/create`);
    await textbox(admin, 'Key').fill('callback_at');
    await choose(admin, /^Type/, 'Date');
    await textbox(admin, 'Label').fill('Callback at');
    await admin.getByLabel('Required', { exact: true }).check();
    const editors = admin.getByRole('group', { name: /Roles that edit it/ });
    await editors.getByRole('checkbox', { name: 'Team' }).check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => columnValues(admin, 'Key'), { timeout: 10_000 }).toContain('callback_at');
  });

  it("lets Team edit the values on an order page, with the field's validators", async () => {
    await team.goto(`${server.url}/admin/view-order/${encodeId(priorityOrder)}`);
    const form = team.getByTestId('custom-fields-form');
    await form.waitFor();
    await choose(team, /^Visa type/, 'Business');
    await team.getByTestId('custom-fields-save').click();
    // The date is required: its validator's message, and nothing is sent.
    await form.getByText('Required').waitFor();
    await form.getByLabel(/Callback at/).fill('2026-12-01');
    await lookAt(team, 'order-edit-form', () => form.waitFor());
    await team.getByTestId('custom-fields-save').click();
    await team.getByText('Saved.').waitFor();
    await team.getByTestId('section-additional').getByText('Business').waitFor();

    const read = await server.call(teamToken, { method: 'GET', url: `/api/orders/${otherOrder}` });
    const put = await server.call(teamToken, {
      method: 'PUT',
      url: `/api/orders/${otherOrder}`,
      payload: { visa_type: 'Tourist', version: read.json().version },
    });
    expect(put.statusCode).toBe(200);
  });

  it('filters and sorts a queue by the custom field', async () => {
    await team.goto(`${server.url}/admin/order-history`);
    await team.getByTestId('order-id').first().waitFor();
    await team.getByRole('button', { name: 'Add filter' }).click();
    await team.getByRole('menu').getByText('Visa type', { exact: true }).click();
    await choose(team, /^Visa type/, 'Business');
    await expect.poll(() => columnValues(team, 'Visa type'), { timeout: 10_000 }).toEqual(['Business']);
    expect(await team.getByTestId('order-id').allTextContents()).toEqual([String(priorityOrder)]);

    // The list keeps its filter (react-admin's store): the sort is checked on every order.
    await team.goto(`${server.url}/admin/order-history?filter=${encodeURIComponent('{}')}`);
    await team.getByTestId('order-id').first().waitFor();
    await team.getByRole('button', { name: 'Visa type' }).click();
    await expect.poll(() => team.url()).toContain('visa_type');
    await expect.poll(async () => (await columnValues(team, 'Visa type')).slice(0, 2)).toEqual(['Business', 'Tourist']);
  });

  it('never shows the field to a Telecaller, and the API refuses it as a filter or a sort', async () => {
    await telecaller.goto(`${server.url}/admin/recent-order`);
    await telecaller.getByTestId('order-id').first().waitFor();
    expect(await tableHeaders(telecaller)).not.toContain('Visa type');
    const filter = encodeURIComponent(JSON.stringify({ queue: 'newOrder', visa_type: 'Business' }));
    const sort = encodeURIComponent(JSON.stringify(['visa_type', 'ASC']));
    const queue = encodeURIComponent(JSON.stringify({ queue: 'newOrder' }));
    for (const url of [`/api/orders?filter=${filter}`, `/api/orders?filter=${queue}&sort=${sort}`])
      expect((await server.call(telecallerToken, { method: 'GET', url })).statusCode).toBe(400);
    const rows = (await server.call(telecallerToken, { method: 'GET', url: `/api/orders?filter=${queue}` })).json();
    expect(rows.some((row: Record<string, unknown>) => 'visa_type' in row)).toBe(false);
  });

  it("defines a custom queue that appears with its live count in Team's sidebar", async () => {
    await admin.goto(`${server.url}/admin/custom-queues/create`);
    await textbox(admin, 'Name').fill('Priority Business');
    await textbox(admin, 'Key').fill(QUEUE_ID);
    await admin
      .getByRole('group', { name: /Statuses/ })
      .getByRole('checkbox', { name: 'Awaiting Customer' })
      .check();
    await admin.getByRole('button', { name: 'Add a condition' }).click();
    await choose(admin, /^Field/, 'Processing Mode');
    await choose(admin, /^Value/, 'Priority');
    await admin.getByRole('button', { name: 'Add a condition' }).click();
    await choose(admin, /^Field/, 'Visa type', 1);
    await choose(admin, /^Value/, 'Business', 1);
    await admin.getByRole('group', { name: /Roles/ }).getByRole('checkbox', { name: 'Telecaller' }).uncheck();
    await lookAt(admin, 'queue-create', () => textbox(admin, 'Name').waitFor());
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('cell', { name: QUEUE_ID, exact: true }).waitFor();

    const count = team.getByTestId(`count-custom-${QUEUE_ID}`);
    await expect.poll(() => count.textContent(), { timeout: 10_000 }).toMatch(/^\d+$/);
    const before = Number(await count.textContent());
    expect(await telecaller.getByTestId(`count-custom-${QUEUE_ID}`).count()).toBe(0);

    // Another browser moves the Business, Priority order to Awaiting Customer: Team's count follows.
    await admin.goto(`${server.url}/admin/view-order/${encodeId(priorityOrder)}`);
    await admin.getByTestId('move-Awaiting').click();
    await expect.poll(() => count.textContent(), { timeout: 2000, interval: 50 }).toBe(String(before + 1));

    await team.getByTestId(`menu-custom-${QUEUE_ID}`).click();
    await expect.poll(() => team.getByTestId('order-id').allTextContents()).toContain(String(priorityOrder));
    await screenshot(team, 'configuration-custom-queue');
  });
});
