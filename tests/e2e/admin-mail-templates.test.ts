import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** In Chromium: an Admin edits the Thai approval template under Configuration and previews it on a Thai order. */
describe.skipIf(!browserAvailable())('Configuration: mail templates, in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: Page;
  let orderId: number;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    orderId = Number(
      await server
        .db('orders')
        .orderBy('order_id')
        .first('order_id')
        .then((o) => o.order_id),
    );
    await server.db('orders').where({ order_id: orderId }).update({ nationality: 'THAILAND' });
    admin = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(admin, server.url, 'admin@demo.test');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('edits the Thai approval template, previews it on an order, and lists the saved versions', async () => {
    await admin.goto(`${server.url}/admin/order-fields`);
    await admin.getByRole('tab', { name: 'Mail templates' }).click();
    await admin.getByRole('combobox', { name: 'Language' }).click();
    await admin.getByRole('option', { name: 'th', exact: true }).click();
    await admin.getByRole('textbox', { name: 'Mail' }).fill('approval');
    const row = admin.getByRole('row').filter({ hasText: 'approval' }).filter({ hasText: 'th' });
    await expect.poll(() => admin.getByRole('row').count()).toBe(2);
    await row.click();

    const subject = admin.getByRole('textbox', { name: /^Subject/ });
    await expect.poll(() => subject.inputValue()).toContain('บัตรขาเข้าดิจิทัล');
    await subject.fill('ด่วน: บัตรของคุณพร้อมแล้ว {{ order_id }}');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByTestId('version-2').getByText('Current').waitFor();
    await admin.getByTestId('version-1').getByRole('button', { name: 'Restore' }).waitFor();

    await admin.getByRole('textbox', { name: 'Order ID' }).fill(String(orderId));
    await admin.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.poll(() => admin.getByTestId('preview-subject').textContent()).toBe(`ด่วน: บัตรของคุณพร้อมแล้ว ${orderId}`);
    const mail = admin.frameLocator('iframe[title="The mail as the customer sees it"]');
    await mail.getByText(`คำสั่งซื้อ ${orderId} พร้อมแล้ว`).waitFor();
    await screenshot(admin, 'mail-template-preview');

    await admin.getByRole('button', { name: 'Send me a test' }).click();
    await admin.getByText('Test mail queued for admin@demo.test.').waitFor();
    const queued = await server.db('mail_outbox').where({ to_email: 'admin@demo.test' }).first('subject');
    expect(queued.subject).toBe(`[Test] ด่วน: บัตรของคุณพร้อมแล้ว ${orderId}`);
  });
});
