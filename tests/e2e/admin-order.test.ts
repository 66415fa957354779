import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { encodeId, fullPhoneNumber, todayUtc } from '@app/domain';
import { createMailWorker, type MailWorker } from '../../api/src/modules/mail/worker.js';
import { minimalPdf } from '../../seeds/generator.js';
import { ARTIFACTS, browserAvailable, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';

const DESKTOP = { width: 1366, height: 900 };
const quiet = { info() {}, warn() {}, error() {} };

/** The order page's section headings, top to bottom. */
const sectionTitles = (page: Page) =>
  page.locator('[data-testid="view-order"] [data-testid^="section-"] h2').allTextContents();
/** The rows of a history table, newest first. */
const historyRows = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr');

/**
 * Waits until the text pdf.js laid over the rendered pages of the open defence pack shows every text given:
 * pages and their text layers are drawn one after another, so the first text drawn is not yet the pack's.
 */
async function packShows(page: Page, ...expected: string[]): Promise<void> {
  const layers = page.getByTestId('defence-pack-preview').locator('.react-pdf__Page__textContent');
  const missing = async () => {
    const shown = (await layers.allTextContents()).join(' ');
    return expected.filter((part) => !shown.includes(part));
  };
  await expect.poll(missing, { timeout: 30_000 }).toEqual([]);
}

describe.skipIf(!browserAvailable())('admin order page in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let aws: TestSmtpServer;
  let sendgrid: TestSmtpServer;
  let worker: MailWorker;
  let page: Page;
  /** Every script the admin page asked for, to see what loads when. */
  const scripts: string[] = [];
  let order: {
    order_id: number;
    email: string;
    contact_email_address: string | null;
    phone_code: string;
    phone_number: string;
  };

  const counts = async (): Promise<Record<string, number>> => {
    const token = await server.login('manager@demo.test');
    return (await server.call(token, { method: 'GET', url: '/api/admin/get-folder-count' })).json().data;
  };
  const toast = (text: string | RegExp) => page.locator('.MuiSnackbarContent-message', { hasText: text });
  /** Closes the toast that stays (order page toasts do not close by themselves). */
  const closeToast = async () => {
    const snackbar = page.locator('.MuiSnackbar-root');
    // The test's last click elsewhere on the page may have started closing it already.
    await snackbar
      .getByRole('button', { name: 'Close' })
      .click({ timeout: 2000 })
      .catch(() => undefined);
    await snackbar.waitFor({ state: 'detached' });
  };

  beforeAll(async () => {
    [aws, sendgrid] = await Promise.all([startSmtpServer(), startSmtpServer()]);
    server = await startTestServer('sqlite', {
      mailAwsUrl: aws.url,
      mailSendgridUrl: sendgrid.url,
      mailRetryBaseMs: 200,
    });
    // The mail outbox worker, as server.ts runs it, polling fast enough for a test.
    worker = createMailWorker({
      db: server.db,
      config: server.config,
      storage: server.app.storage,
      log: quiet,
      pollMs: 200,
    });
    worker.start();
    // A new, unassigned order of today's queue without any document yet.
    order = await server
      .db('orders')
      .where({ process_status: 'New', processing_mode: 'Standard' })
      .whereNull('assignee_id')
      .where('processing_date', '<=', todayUtc())
      .whereNotIn('order_id', server.db('uploaded_documents').select('order_id'))
      .orderBy('order_id', 'desc')
      .first('order_id', 'email', 'contact_email_address', 'phone_code', 'phone_number');
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    page.on('request', (request) => {
      if (/\.m?js$/.test(new URL(request.url()).pathname)) scripts.push(request.url());
    });
    await signIn(page, server.url, 'manager@demo.test');
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.stop();
    await server?.close();
    await Promise.all([aws?.close(), sendgrid?.close()]);
  });

  it("shows the sections in the old system's order, hides empty fields, and adds a comment with flags", async () => {
    const mailsRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/mails');
    await page.goto(`${server.url}/admin/view-order/${encodeId(order.order_id)}`);
    await page.getByTestId('view-order').waitFor();
    // New order: no mail yet, so no Email History at all (shown only when it has mail) once its mails are read.
    await mailsRead;
    await page.getByTestId('no-downloads').waitFor();
    expect(await sectionTitles(page)).toEqual([
      'Upload Document',
      'Order Details',
      'Personal Information In Passport',
      'Personal Information',
      'Arrival Information',
      'Departure Information',
      'Accommodation Information',
      'Health Declaration',
      // A Manager reads the sale's evidence; the registry leaves it out for other roles.
      'Payment and Evidence',
      'Download History',
      'Comment History',
      'Add Comment Below',
      'Timeline',
    ]);
    const row = await server.db('orders').where({ order_id: order.order_id }).first();
    expect(await page.getByTestId('field-application_email').textContent()).toContain(`${order.order_id}@`);
    expect(await page.getByTestId('field-date_of_birth').textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}$/);
    // A field without a value is not shown at all.
    expect(await page.getByTestId('field-other_purpose_arrival').count()).toBe(row.other_purpose_arrival ? 1 : 0);
    expect(await page.getByTestId('field-assign_to').count()).toBe(0);
    // New order: no mail yet, no downloads; every move but the current status, Delete for a Manager.
    expect(await page.getByTestId('section-emailHistory').count()).toBe(0);
    await page.getByTestId('no-downloads').getByText('No record found').waitFor();
    expect(await page.getByTestId('order-actions').getByRole('button').allTextContents()).toEqual([
      'View Email Content',
      'Assign to me',
      'Next order',
      'Move to Awaiting Response',
      'Completed Refunds',
      'Completed Orders',
      'Delete',
      'Contact Customer',
      'Awaiting Govt',
      'Customer Called',
      'ChargeBack',
      'Macros',
    ]);

    const comment = page.getByTestId('section-addComment');
    await comment.getByRole('button', { name: 'Add Comment' }).click();
    await comment.getByText('Please enter your remark').waitFor();
    await comment.getByLabel('Remark').fill('Called the customer about the passport photo.');
    await comment.getByLabel('Whatsapp').check();
    await comment.getByLabel('Voided').check();
    await comment.getByRole('button', { name: 'Add Comment' }).click();
    await toast('Comment added.').waitFor();
    const history = page.getByTestId('comment-history');
    await history.getByText('Demo Manager').waitFor();
    expect(await history.textContent()).toMatch(
      /\d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:\d{2} [AP]M (?:[A-Z]{3,4}|GMT[+-]\d+)/,
    );
    await history.getByTestId('toggle-comment').click();
    const text = page.getByTestId('comment-text');
    await text.getByText('Called the customer about the passport photo.').waitFor();
    const flags = await text.locator('[data-testid^="flag-"]').allTextContents();
    expect(flags).toEqual(['Whatsapp: Y', 'Telephone: N', 'Refund: N', 'Voided: Y', 'Chargeback: N', 'ReportError: N']);
    await history.getByTestId('toggle-comment').getByText('Hide').click();
    await text.waitFor({ state: 'detached' });
    await closeToast();
  });

  it('shows the email content with a WhatsApp link to the full number', async () => {
    await page.getByRole('button', { name: 'View Email Content' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email Content' });
    const content = await dialog.getByTestId('email-content').textContent();
    // The approval mail as sent: its link is on the configured public address.
    expect(content).toContain(`${server.config.publicAdminUrl}/track-order/${encodeId(order.order_id)}`);
    expect(content).toContain('is ready. It is attached to this email.');
    const href = await dialog.getByRole('link', { name: 'Send Whatsapp Message' }).getAttribute('href');
    expect(href).toMatch(
      new RegExp(`^https://wa\\.me/${fullPhoneNumber(order.phone_code, order.phone_number)}\\?text=`),
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('uploads a PDF with each provider, mails it through both SMTP servers, resends, and downloads it', async () => {
    const upload = page.getByTestId('section-uploadDocument');
    expect(await upload.getByLabel('Order ID').inputValue()).toBe(String(order.order_id));
    expect(await upload.getByLabel('AWS').isChecked()).toBe(true);
    await upload.getByRole('button', { name: 'Submit (AWS)' }).click();
    await upload.getByText('File is required').waitFor();

    const pdf = minimalPdf([`Arrival card ${order.order_id}`]);
    const recipients = { AWS: aws, Sendgrid: sendgrid };
    for (const [provider, button] of [
      ['AWS', 'Submit (AWS)'],
      ['Sendgrid', 'Submit (SendGrid)'],
    ] as const) {
      const before = recipients[provider].messages.length;
      await upload.getByTestId('upload-file').setInputFiles({
        name: `card-${provider}.pdf`,
        mimeType: 'application/pdf',
        buffer: pdf,
      });
      await upload.getByText(`card-${provider}.pdf`).waitFor();
      await upload.getByRole('button', { name: button }).click();
      await toast(/Document uploaded successfully/).waitFor();
      await closeToast();
      // Email History shows the mail, and how it went once the worker has sent it.
      const latest = historyRows(page, 'email-history').first();
      await latest.getByText(provider, { exact: true }).waitFor();
      await expect.poll(() => latest.getByTestId('mail-state').textContent(), { timeout: 20_000 }).toBe('Sent');
      expect(recipients[provider].messages.length).toBe(before + 1);
      expect(recipients[provider].messages.at(-1)!.envelopeTo).toEqual([order.contact_email_address || order.email]);
    }
    expect(await historyRows(page, 'email-history').count()).toBe(2);
    // The member's time (the browser's zone here), with its AM/PM and zone.
    expect(await page.getByTestId('email-history').textContent()).toMatch(
      /\d{2}\/[A-Z][a-z]+\/\d{4} \d{1,2}:\d{2}:\d{2} [AP]M (?:[A-Z]{3,4}|GMT[+-]\d+)/,
    );

    // The page at rest first: the upload's refresh has read the order again (now Completed, which redraws
    // the action bar above and moves everything under it) and both mails are sent. A click while that
    // happened landed where the button had been, and no request went out.
    await page.getByTestId('field-process_status').getByText('Completed').waitFor();
    const resend = page.getByTestId('resend-form');
    await resend.getByLabel('Email ID').fill('second.address@example.com');
    const sent = sendgrid.messages.length;
    const resendButton = resend.getByRole('button', { name: 'Resend Mail(Sendgrid)' });
    await expect.poll(() => resendButton.isEnabled()).toBe(true);
    await expect.poll(() => resend.getByLabel('Email ID').inputValue()).toBe('second.address@example.com');
    // Pressed from the keyboard, as staff tabbing through the form do: a pointer click lands on coordinates,
    // and on a loaded machine the histories above could still move the form between Playwright's check and
    // its click (1 run in about 13 lost the click that way, no request sent).
    await resendButton.focus();
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/admin/resend-mail') && r.method() === 'POST'),
      page.keyboard.press('Enter'),
    ]);
    expect(request.postDataJSON()).toMatchObject({
      email: 'second.address@example.com',
      mailServiceProvider: 'Sendgrid',
    });
    expect((await request.response())!.status()).toBe(200);
    await toast(/Mail queued for second.address@example.com via Sendgrid/).waitFor();
    await closeToast();
    await expect.poll(() => historyRows(page, 'email-history').count()).toBe(3);
    await expect
      .poll(() => historyRows(page, 'email-history').first().getByTestId('mail-state').textContent(), {
        timeout: 20_000,
      })
      .toBe('Sent');
    expect(sendgrid.messages.length).toBe(sent + 1);
    expect(sendgrid.messages.at(-1)!.envelopeTo).toEqual(['second.address@example.com']);

    // The file is served only with the staff token: the link fetches it with the token and saves it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-file').click()]);
    expect(download.suggestedFilename()).toBe(`Thailand-Arrival-Card-${order.order_id}.pdf`);
    expect(fs.readFileSync((await download.path())!)).toEqual(pdf);
    // Uploading completed the order.
    await page.getByTestId('field-process_status').getByText('Completed').waitFor();
    await screenshot(page, 'admin-view-order-1366');
  });

  it('moves the order through three statuses, and the queue counts follow', async () => {
    for (const [button, label, field] of [
      ['Move to Awaiting Response', 'Awaiting Customer', 'awaitingOrdersCount'],
      ['Contact Customer', 'Contact Customer', 'contactCustomerOrdersCount'],
      ['Customer Called', 'Customer Called', 'customerCalledCount'],
    ] as const) {
      const before = await counts();
      await page.getByTestId('order-actions').getByRole('button', { name: button, exact: true }).click();
      await page.getByTestId('field-process_status').getByText(label, { exact: true }).waitFor();
      await closeToast();
      // The button of the current status is gone; the sidebar count grew by one.
      expect(await page.getByTestId('order-actions').getByRole('button', { name: button, exact: true }).count()).toBe(
        0,
      );
      await expect.poll(() => page.getByTestId(`count-${field}`).textContent()).toBe(String(before[field]! + 1));
      expect((await counts())[field]).toBe(before[field]! + 1);
    }
  });

  it('opens both defence packs, and the transaction details entered show in the next pack', async () => {
    // pdf.js, its worker included, comes with the first pack, from this server.
    const pdfJs = () => scripts.filter((url) => /DefencePackPreview|pdf\.worker/.test(url));
    expect(pdfJs()).toEqual([]);
    await page.getByTestId('defence-pack-1').click();
    await packShows(page, 'Download log', String(order.order_id));
    expect(pdfJs().length).toBe(2);
    expect(pdfJs().every((url) => url.startsWith(`${server.url}/admin/assets/`))).toBe(true);
    // The dialog is fixed to the viewport, so a viewport-sized picture shows it best.
    await page.screenshot({ path: path.join(ARTIFACTS, 'admin-defence-pack-1-1366.png') });
    await page.getByTestId('defence-pack-preview').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('defence-pack-preview').waitFor({ state: 'detached' });

    await page.getByTestId('defence-pack-2').click();
    await packShows(page, 'Mail log (3)', 'second.address@example.com');
    await page.getByTestId('defence-pack-preview').getByRole('button', { name: 'Close' }).click();

    await page.getByTestId('transaction-details').click();
    const dialog = page.getByRole('dialog', { name: 'Enter Transaction Details' });
    await dialog.getByLabel('Transaction ID').fill('');
    await dialog.getByLabel('Merchant Name').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please enter your Transaction Id').waitFor();
    await dialog.getByText('Please enter your Merchant Name').waitFor();
    await dialog.getByLabel('Transaction ID').fill('TXN-E2E-778899');
    await dialog.getByLabel('Merchant Name').fill('Arrival Card Services Ltd');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast('Transaction details saved successfully.').waitFor();
    await closeToast();
    await page.getByTestId('field-merchant_name').getByText('Arrival Card Services Ltd').waitFor();

    await page.getByTestId('defence-pack-1').click();
    await packShows(page, 'TXN-E2E-778899', 'Arrival Card Services Ltd');
    // Open in new window reads a fresh copy and shows it in a window of its own.
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('open-pack').click()]);
    await expect.poll(() => popup.url(), { timeout: 20_000 }).toMatch(/^blob:/);
    await popup.close();
    await page.getByTestId('defence-pack-preview').getByRole('button', { name: 'Close' }).click();

    // The same bytes, kept for people to render and look at.
    const token = await server.login('manager@demo.test');
    const pack = await server.call(token, {
      method: 'POST',
      url: '/api/admin/get-defence-pack-pdf',
      payload: { orderId: order.order_id, defencePackType: 1 },
    });
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    fs.writeFileSync(path.join(ARTIFACTS, 'defence-pack-1.pdf'), pack.rawPayload);
  });
});
