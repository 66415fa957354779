import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dayjs, encodeId } from '@app/domain';
import { browserAvailable, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** Emily Carter's order (demo data): two earlier orders on her card qualify it under Visa CE 3.0. */
const CE3_ORDER = 260006;

describe.skipIf(!browserAvailable())('dispute desk in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    // Back to Completed, as before its chargeback: the Manager moves it to ChargeBack from its page.
    await server
      .db('orders')
      .where({ order_id: CE3_ORDER })
      .update({ process_status: 'Completed', assignee_id: null, assign_to: null });
    browser = await launchBrowser();
    page = await (
      await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true })
    ).newPage();
    await signIn(page, server.url, 'manager@demo.test');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens a dispute by moving an order to ChargeBack, shows its checklist with the CE 3.0 verdict, takes evidence, follows it to won and reports it; the bell rings', async () => {
    await page.goto(`${server.url}/admin/view-order/${encodeId(CE3_ORDER)}`);
    await page.getByTestId('view-order').waitFor();
    await page.getByTestId('move-ChargeBack').click();
    const form = page.getByTestId('open-dispute');
    await form.waitFor();
    // The network defaults to Visa; the due date left empty is its 30-day window.
    expect(await form.getByLabel('Network').textContent()).toContain('visa');
    await form.getByLabel('Reason code').fill('10.4');
    await form.getByLabel('Amount').fill('60');
    await page.getByTestId('open-dispute-save').click();
    await page.locator('.MuiSnackbarContent-message', { hasText: 'Order moved to ChargeBack' }).waitFor();
    const dispute = await server.db('disputes').where({ order_id: CE3_ORDER }).first();
    expect(dispute).toMatchObject({
      network: 'visa',
      reason_code: '10.4',
      reason_category: 'fraud',
      status: 'needs_response',
    });
    expect((await server.db('orders').where({ order_id: CE3_ORDER }).first('process_status')).process_status).toBe(
      'ChargeBack',
    );

    // Disputes due, with its count in the sidebar.
    await page.getByTestId('menu-disputes-due').click();
    await expect.poll(() => page.getByTestId('count-disputesDue').textContent()).toBe('1');
    await page.locator('tbody tr', { hasText: '10.4' }).click();

    // The checklist, the CE 3.0 verdict with the earlier orders.
    const checklist = page.getByTestId('evidence-checklist');
    await checklist.waitFor();
    await expect.poll(() => page.getByTestId('evidence-prior_transactions').textContent()).toContain('Present');
    const verdict = page.getByTestId('ce3-verdict');
    await expect.poll(() => verdict.textContent()).toContain('Qualifies');
    expect(await verdict.textContent()).toContain('249001');
    expect(await verdict.textContent()).toContain('249003');

    // A missing item added by hand.
    await page.getByTestId('evidence-item').click({ force: true });
    await page.getByRole('option', { name: 'Receipt' }).click();
    await page.getByTestId('evidence-text').fill('Receipt 4711 mailed to the card holder on purchase.');
    await page.getByTestId('evidence-add').click();
    await expect.poll(() => page.getByTestId('evidence-receipt').textContent()).toContain('Receipt 4711');

    // The evidence under Stripe's field names, downloaded as JSON.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('evidence-json').click()]);
    const evidence = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    expect(evidence.stripe.access_activity_log).toBeTruthy();
    expect(evidence.stripe.enhanced_evidence.visa_compelling_evidence_3.prior_undisputed_transactions).toHaveLength(2);

    // Submitted, then won.
    await page.getByTestId('dispute-under_review').click();
    await expect
      .poll(async () => (await server.db('disputes').where({ id: dispute.id }).first('status')).status)
      .toBe('under_review');
    await page.getByTestId('dispute-won').click();
    await expect
      .poll(async () => (await server.db('disputes').where({ id: dispute.id }).first('status')).status)
      .toBe('won');
    await expect.poll(() => page.getByTestId('count-disputesDue').textContent()).toBe('0');

    // The report shows it: this month, one won.
    await page.getByTestId('menu-dispute-report').click();
    const row = page.locator('tbody tr', { hasText: dayjs().format('YYYY-MM') });
    await row.waitFor();
    expect(await row.locator('td').allTextContents()).toEqual(expect.arrayContaining(['1', '100']));

    // A notification reaches the Manager's bell live.
    await server.app.notificationsService.notify(
      server.db,
      { role: 'Manager' },
      {
        kind: 'dispute.due',
        title: `Dispute ${dispute.id} is due in 2 days`,
        link: `/disputes/${dispute.id}/show`,
      },
    );
    await expect.poll(() => page.getByTestId('bell-count').textContent()).toBe('1');
    await page.getByTestId('bell').click();
    await page.getByTestId('notifications').getByText(`Dispute ${dispute.id} is due in 2 days`).click();
    await page.waitForURL(`**/admin/disputes/${dispute.id}/show`);
    await expect.poll(() => page.getByTestId('bell-count').count()).toBe(0);
    await screenshot(page, 'admin-disputes');
  });
});
