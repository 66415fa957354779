import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { encodeId } from '@app/domain';
import { browserAvailable, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/**
 * Staff speed: search everywhere from the keyboard, Next order from a queue and from the order page, the
 * timeline's changes, and a resend stopped because a colleague changed the order meanwhile (the keys alone:
 * admin-keyboard.test.ts).
 */
describe.skipIf(!browserAvailable())('staff speed in Chromium', () => {
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

  it('a Telecaller presses Ctrl+K, types a passport number and opens the order; on a phone through the header button', async () => {
    const order = await server.db('orders').whereNotNull('passport_number').orderBy('order_id', 'desc').first();
    await server.db('orders').where({ order_id: order.order_id }).update({ passport_number: 'TQ5544332' });
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await browser.newPage({ viewport });
      await signIn(page, server.url, 'telecaller@demo.test');
      // Search everywhere arrives with the header's button (it loads once the page has drawn).
      await page.getByTestId('search-open').waitFor();
      if (viewport === DESKTOP) await page.keyboard.press('Control+k');
      else await page.getByTestId('search-open').click();
      const input = page.getByRole('combobox', { name: 'Search orders, members, screens' });
      await input.fill('TQ5544332');
      const result = page.getByTestId(`search-result-order-${order.order_id}`);
      await result.waitFor();
      expect(await result.textContent()).toContain('TQ5544332');
      if (viewport === DESKTOP) await screenshot(page, 'search-everywhere');
      await input.press('Enter');
      await page.waitForURL(new RegExp(`/admin/view-order/${encodeId(order.order_id)}$`));
      await page.getByTestId('order-actions').waitFor();
      await page.close();
    }
  });

  it('a Team member takes the next order from New Orders, then the next from the order page', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'team@demo.test');
    const team = await server.db('team_members').where({ email: 'team@demo.test' }).first();
    const free = (mode: string) =>
      server
        .db('orders')
        .where({ process_status: 'New', processing_mode: mode })
        .whereNull('assignee_id')
        .orderBy('order_id')
        .pluck('order_id');
    const [first, second] = await free('Priority');
    await page.goto(`${server.url}/admin/recent-order`);
    await page.getByTestId('next-order').click();
    await page.waitForURL(new RegExp(`/admin/view-order/${encodeId(first)}$`));
    await expect
      .poll(() => page.getByTestId('order-timeline').locator('li').first().textContent())
      .toMatch(/^Assigned: — → Demo Team/);
    await page.getByTestId('order-actions').getByTestId('next-order').click();
    await page.waitForURL(new RegExp(`/admin/view-order/${encodeId(second)}$`));
    const held = await server.db('orders').whereIn('order_id', [first, second]).pluck('assignee_id');
    expect(held.map(Number)).toEqual([team.id, team.id]);
    await page.close();

    // Two members pressing Next at once get two different orders.
    const taken = await Promise.all(
      ['team@demo.test', 'night@demo.test'].map(async (email) =>
        server.call(await server.login(email), {
          method: 'POST',
          url: '/api/admin/next-order',
          payload: { queue: 'newOrder' },
        }),
      ),
    );
    const [a, b] = taken.map((res) => res.json().data.orderId as number);
    expect(a).not.toBe(b);
  });

  it('stops a resend after a colleague changed the order, naming who, and reloads it', async () => {
    const { order_id: orderId } = await server
      .db('uploaded_documents as d')
      .join('orders as o', 'o.order_id', 'd.order_id')
      .whereNot('o.process_status', 'Deleted')
      .orderBy('o.order_id', 'desc')
      .first('o.order_id');
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'team@demo.test');
    await page.goto(`${server.url}/admin/view-order/${encodeId(orderId)}`);
    await page.getByTestId('order-actions').waitFor();
    // A colleague's comment the page did not hear of (its live stream would have re-read the order).
    const { version } = await server.db('orders').where({ order_id: orderId }).first('version');
    await server
      .db('orders')
      .where({ order_id: orderId })
      .update({ version: Number(version) + 1 });
    await server.db('audit_events').insert({
      member_name: 'Demo Manager',
      action: 'comment',
      order_id: orderId,
      detail: 'Called the customer',
      created_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
    });
    const mailsBefore = await server.db('mail_outbox').where({ order_id: orderId }).count({ n: '*' }).first();
    await page.getByTestId('resend-form').getByRole('button', { name: 'Resend Mail(AWS)' }).click();
    const toast = page.getByText(`Order ${orderId} was changed after you opened it: Demo Manager`);
    await toast.waitFor();
    const mailsAfter = await server.db('mail_outbox').where({ order_id: orderId }).count({ n: '*' }).first();
    expect(Number(mailsAfter!.n)).toBe(Number(mailsBefore!.n));
    await page.getByTestId('reload-order').click();
    await expect
      .poll(() => page.getByTestId('order-timeline').locator('li').first().textContent())
      .toMatch(/^Comment added: “Called the customer”/);
    await page.getByTestId('resend-form').getByRole('button', { name: 'Resend Mail(AWS)' }).click();
    await expect
      .poll(async () =>
        Number((await server.db('mail_outbox').where({ order_id: orderId }).count({ n: '*' }).first())!.n),
      )
      .toBe(Number(mailsBefore!.n) + 1);
    await page.close();
  });
});
