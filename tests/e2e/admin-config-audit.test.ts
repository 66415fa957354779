import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatUtc } from '@app/domain';
import { browserAvailable, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const DESKTOP = { width: 1366, height: 768 };

/**
 * The Audit Log in Chromium: a move made a second earlier is listed, filtered by its order,
 * exported as CSV, and shown only to the roles that may read the audit log.
 */
describe.skipIf(!browserAvailable())('Audit Log in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let orderId: number;
  let movedAt: string;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    const manager = await server.login('manager@demo.test');
    orderId = Number(
      (await server.db('orders').where({ process_status: 'New' }).orderBy('order_id', 'desc').first('order_id'))
        .order_id,
    );
    const moved = await server.call(manager, {
      method: 'PUT',
      url: '/api/admin/change-order-status',
      payload: { orderId, updatingStatus: 'Awaiting' },
    });
    expect(moved.json().status, moved.body).toBe(1);
    movedAt = (await server.db('audit_events').where({ order_id: orderId, action: 'move' }).first('created_at'))
      .created_at;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists the move a Manager just made, filtered by its order, newest first, and exports it as CSV', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    await signIn(page, server.url, 'manager@demo.test');
    await page.getByTestId('sidebar').getByText('Audit Log', { exact: true }).click();
    await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
    await page.getByRole('textbox', { name: 'Order Id' }).fill(String(orderId));
    const rows = page.getByTestId('audit-log').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    const cells = await rows.first().locator('td').allTextContents();
    expect(cells).toEqual(
      expect.arrayContaining([
        formatUtc(movedAt, 'DD/MM/YYYY HH:mm [UTC]'),
        'Demo Manager',
        'Moved',
        String(orderId),
        'New',
        'Awaiting Customer',
      ]),
    );
    await screenshot(page, 'audit-log-filtered');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('audit-log.csv');
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    // Every field is quoted (csvSafe); none of these holds a comma or a quote.
    const fields = (line: string) => line.split(',').map((cell) => cell.replace(/^"(.*)"$/, '$1'));
    expect(fields(csv[0]!)).toEqual(['Date & Time', 'Member', 'Action', 'Order Id', 'From', 'To', 'Detail']);
    expect(csv).toHaveLength(2);
    // One format: the CSV writes the time as the table shows it.
    expect(fields(csv[1]!)).toEqual([
      cells[0],
      'Demo Manager',
      'Moved',
      String(orderId),
      'New',
      'Awaiting Customer',
      '',
    ]);

    // The order links to its page, whose timeline shows the same events, newest first.
    const manager = await server.login('manager@demo.test');
    const again = await server.call(manager, {
      method: 'PUT',
      url: '/api/admin/change-order-status',
      payload: { orderId, updatingStatus: 'Contact Customer' },
    });
    expect(again.json().status, again.body).toBe(1);
    await rows
      .first()
      .getByRole('link', { name: String(orderId) })
      .click();
    await page.waitForURL(/\/admin\/view-order\//);
    const timeline = page.getByTestId('order-timeline').locator('li');
    await expect.poll(() => timeline.count()).toBe(2);
    expect(await timeline.nth(0).textContent()).toMatch(
      /^Moved: Awaiting Customer → Contact Customer.* · Demo Manager$/,
    );
    expect(await timeline.nth(1).textContent()).toBe(
      `Moved: New → Awaiting Customer${formatUtc(movedAt, 'MM/DD/YYYY h:mm:ss A [UTC]')} · Demo Manager`,
    );
    await page.getByTestId('section-timeline').scrollIntoViewIfNeeded();
    await screenshot(page, 'order-timeline');
    await page.close();
  });

  it('is not offered to a Team member, and the API refuses it', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'team@demo.test');
    expect(await page.getByTestId('sidebar').getByText('Audit Log', { exact: true }).count()).toBe(0);
    const team = await server.login('team@demo.test');
    const res = await server.call(team, { method: 'GET', url: '/api/audit-events' });
    expect(res.statusCode).toBe(403);
    await page.close();
  });
});
