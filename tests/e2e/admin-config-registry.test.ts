import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { encodeId } from '@app/domain';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { browserAvailable, columnValues, launchBrowser, screenshot, signIn, tableHeaders } from '../helpers/browser.js';
import { fixtureRegistry } from '../helpers/fixtureRegistry.js';

const DESKTOP = { width: 1366, height: 768 };

/**
 * README "Extend a screen", proved in the real admin: the app factory gets a registry where one entry
 * makes `occupation` a queue column, sortable, a filter and an order-page field for Admins and
 * Managers. The admin builds its views from GET /api/admin/registry, so the field appears with no
 * admin code touched, and a Team member sees none of it.
 */
describe.skipIf(!browserAvailable())('a field added by registry entry alone, in Chromium', () => {
  let server: TestApp & { url: string };
  let browser: Browser;

  beforeAll(async () => {
    const t = await createTestApp('sqlite', { registry: fixtureRegistry });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    server = { ...t, url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('is a column with a sortable header and a filter of the queue tables, and a field of the order page', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'manager@demo.test');
    await page.getByTestId('sidebar').getByText('Order History', { exact: true }).click();
    await page.locator('tbody tr').first().waitFor();
    await expect.poll(() => tableHeaders(page)).toContain('Occupation');

    // The header sorts: ascending, as the database orders it.
    await page.getByRole('columnheader', { name: 'Occupation' }).getByRole('button').click();
    await page.waitForURL(/sort=occupation/);
    const lowest = await server
      .db('orders')
      .whereNot('process_status', 'Deleted')
      .whereNotNull('occupation')
      .min({ v: 'occupation' })
      .first();
    await expect.poll(async () => (await columnValues(page, 'Occupation')).find(Boolean)).toBe(lowest!.v);
    await screenshot(page, 'registry-fixture-column');

    // The filter: every row shown has the chosen occupation, as many as the database has.
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Occupation' }).click();
    await page.getByRole('textbox', { name: 'Occupation' }).fill('Nurse');
    const nurses = await server
      .db('orders')
      .whereNot('process_status', 'Deleted')
      .where({ occupation: 'Nurse' })
      .count({ n: '*' })
      .first();
    await expect.poll(() => page.getByTestId('showing').textContent()).toMatch(new RegExp(` of ${nurses!.n} entries$`));
    expect(new Set(await columnValues(page, 'Occupation'))).toEqual(new Set(['Nurse']));

    // The order page shows it in its section.
    const order = await server.db('orders').where({ occupation: 'Nurse' }).first('order_id');
    await page.goto(`${server.url}/admin/view-order/${encodeId(order.order_id)}`);
    await expect.poll(() => page.getByTestId('field-occupation').textContent()).toBe('OccupationNurse');
    await page.close();
  });

  it('reaches no role it does not name: no column, no filter, no order-page field for a Team member', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'team@demo.test');
    await page.getByTestId('sidebar').getByText('Order History', { exact: true }).click();
    await page.locator('tbody tr').first().waitFor();
    expect(await tableHeaders(page)).not.toContain('Occupation');
    await page.getByRole('button', { name: 'Add filter' }).click();
    // The filter picker lists the other filters, but not this one.
    await page.getByRole('menuitemcheckbox', { name: 'Nationality' }).waitFor();
    expect(await page.getByRole('menuitemcheckbox', { name: 'Occupation' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    const order = await server.db('orders').whereNotNull('occupation').first('order_id');
    await page.goto(`${server.url}/admin/view-order/${encodeId(order.order_id)}`);
    await page.getByTestId('section-personal').waitFor();
    expect(await page.getByTestId('field-occupation').count()).toBe(0);
    await page.close();
  });
});
