import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { encodeId } from '@app/domain';
import { browserAvailable, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** A late-October time: New York is still on daylight saving time (EDT) until 1 November 2026. */
const OCTOBER = '2026-10-25 18:07:11';
/** A December time: New York is on standard time (EST). */
const DECEMBER = '2026-12-15 19:07:11';

/** How each block of the order page writes OCTOBER and DECEMBER in a zone (the old system's formats, AM/PM, the zone's name). */
const EXPECTED = {
  'America/New_York': {
    'order-timeline': ['10/25/2026 2:07:11 PM EDT', '12/15/2026 2:07:11 PM EST'],
    'email-history': ['25/October/2026 2:07:11 PM EDT', '15/December/2026 2:07:11 PM EST'],
    'download-history': ['10/25/2026 2:07:11 PM EDT', '12/15/2026 2:07:11 PM EST'],
    'comment-history': ['10-25-2026 2:07:11 PM EDT', '12-15-2026 2:07:11 PM EST'],
  },
  'Asia/Bangkok': {
    'order-timeline': ['10/26/2026 1:07:11 AM GMT+7', '12/16/2026 2:07:11 AM GMT+7'],
    'email-history': ['26/October/2026 1:07:11 AM GMT+7', '16/December/2026 2:07:11 AM GMT+7'],
    'download-history': ['10/26/2026 1:07:11 AM GMT+7', '12/16/2026 2:07:11 AM GMT+7'],
    'comment-history': ['10-26-2026 1:07:11 AM GMT+7', '12-16-2026 2:07:11 AM GMT+7'],
  },
} as const;
type Zone = keyof typeof EXPECTED;

/** Every time the order page's timeline and histories show must be in `zone`, and no other. */
async function expectTimesIn(page: Page, zone: Zone) {
  const other = (Object.keys(EXPECTED) as Zone[]).find((name) => name !== zone)!;
  for (const [testId, texts] of Object.entries(EXPECTED[zone])) {
    const block = page.getByTestId(testId);
    for (const text of texts) await block.getByText(text).first().waitFor();
    for (const text of EXPECTED[other][testId as keyof (typeof EXPECTED)[Zone]]) {
      expect(await block.getByText(text).count(), `${testId} shows ${text}`).toBe(0);
    }
    // Nothing there in UTC, nor in the old fixed "EST" of New York.
    expect(await block.textContent()).not.toMatch(/\bUTC\b/);
  }
}

/**
 * Times: one time zone per member, the browser's until they choose one in the user menu,
 * named with its daylight-saving abbreviation, on the order page's timeline and its Email, Download and
 * Comment histories alike; choosing another zone changes them all.
 */
describe.skipIf(!browserAvailable())('times in the member’s time zone, in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let orderUrl: string;
  let storedFileName: string;
  let orderIdShown: number;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    // An order with mails, downloads and comments: one more of each, and a timeline event, at each of the two times.
    const { order_id: orderId } = await server
      .db('orders as o')
      .whereExists((q) => q.from('mail_outbox as m').whereRaw('m.order_id = o.order_id'))
      .whereExists((q) => q.from('download_history as h').whereRaw('h.order_id = o.order_id'))
      .whereExists((q) => q.from('remarks as r').whereRaw('r.order_id = o.order_id'))
      .orderBy('o.order_id', 'desc')
      .first('o.order_id');
    for (const table of ['mail_outbox', 'download_history', 'remarks']) {
      const { id: _id, ...row } = await server.db(table).where({ order_id: orderId }).first();
      await server.db(table).insert([OCTOBER, DECEMBER].map((created_at) => ({ ...row, created_at })));
    }
    await server.db('audit_events').insert(
      [OCTOBER, DECEMBER].map((created_at) => ({
        member_name: 'Demo Manager',
        action: 'move',
        order_id: orderId,
        from_value: 'New',
        to_value: 'Awaiting Customer',
        created_at,
      })),
    );
    orderUrl = `${server.url}/admin/view-order/${encodeId(orderId)}`;
    orderIdShown = orderId;
    storedFileName = (await server.db('download_history').where({ order_id: orderId }).first('file1')).file1;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the browser’s zone until the member chooses another, then that zone everywhere, in every browser', async () => {
    const newYork = await browser.newContext({
      timezoneId: 'America/New_York',
      viewport: { width: 1366, height: 900 },
    });
    const page = await newYork.newPage();
    await signIn(page, server.url, 'manager@demo.test');
    await page.goto(orderUrl);
    await expectTimesIn(page, 'America/New_York');
    // The file by the name the customer's copy got, not the random name it is stored under.
    const downloads = page.getByTestId('download-history');
    await downloads.getByText(`Thailand-Arrival-Card-${orderIdShown}.pdf`).first().waitFor();
    expect(await downloads.getByText(storedFileName).count()).toBe(0);
    await screenshot(page, 'timezones-new-york-1366');

    // Another member in Bangkok sees Bangkok time (GMT+7: the short name Intl gives for it).
    const bangkok = await browser.newContext({ timezoneId: 'Asia/Bangkok', viewport: { width: 1366, height: 900 } });
    const there = await bangkok.newPage();
    await signIn(there, server.url, 'admin@demo.test');
    await there.goto(orderUrl);
    await expectTimesIn(there, 'Asia/Bangkok');

    // The New York member chooses Bangkok in the user menu: the page redraws in it, and it is kept for them.
    await page.getByRole('button', { name: 'Demo Manager' }).click();
    await page.getByRole('menuitem', { name: /Time zone/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Time zone' });
    await dialog.getByRole('combobox', { name: 'Time zone' }).fill('Asia/Bangkok');
    await page.getByRole('option', { name: /^Asia\/Bangkok/ }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectTimesIn(page, 'Asia/Bangkok');
    await screenshot(page, 'timezones-chosen-bangkok-1366');
    const member = await server.db('team_members').where({ email: 'manager@demo.test' }).first('id');
    await expect
      .poll(async () => {
        const row = await server
          .db('member_preferences')
          .where({ member_id: member.id, pref_key: 'account.timeZone' })
          .first('value');
        return row && JSON.parse(row.value);
      })
      .toBe('Asia/Bangkok');

    // Signed in from another New York browser, the member keeps their choice; back to the browser's zone on request.
    const again = await browser.newContext({ timezoneId: 'America/New_York', viewport: { width: 1366, height: 900 } });
    const second = await again.newPage();
    await signIn(second, server.url, 'manager@demo.test');
    await second.goto(orderUrl);
    await expectTimesIn(second, 'Asia/Bangkok');
    await second.getByRole('button', { name: 'Demo Manager' }).click();
    await second.getByRole('menuitem', { name: /Time zone/ }).click();
    await second
      .getByRole('dialog', { name: 'Time zone' })
      .getByRole('button', { name: "Use this browser's zone" })
      .click();
    await expectTimesIn(second, 'America/New_York');

    await Promise.all([newYork.close(), bangkok.close(), again.close()]);
  });
});
