import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { encodeId } from '@app/domain';
import { browserAvailable, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const DESKTOP = { width: 1366, height: 900 };
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's critical and serious violations on the page as it is now (rule ids). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run(context: Document): Promise<{ violations: Array<{ id: string; impact: string | null }> }> };
    };
    const { violations } = await axe.run(document);
    return violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id);
  });
}

/**
 * A day of staff work: Refunded it from the Refunds queue succeeds once; a deleted order is
 * restored to where it was; Team sees only the moves it may make (the reason on a disabled button);
 * a file of another type is named as such; the Audit Log shows team changes and a comment's text.
 */
describe.skipIf(!browserAvailable())('a day of staff work in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const tokens: Record<string, string> = {};
  const call = async (email: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    tokens[email] ??= await server.login(email);
    return server.call(tokens[email]!, { method, url, payload });
  };
  const order = (id: number) => server.db('orders').where({ order_id: id }).first();
  const toast = (page: Page, text: string | RegExp) => page.locator('.MuiSnackbarContent-message', { hasText: text });
  const openOrder = async (page: Page, id: number) => {
    await page.goto(`${server.url}/admin/view-order/${encodeId(id)}`);
    await page.getByTestId('order-actions').waitFor();
  };
  const newPage = async (email: string) => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, email);
    return page;
  };

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('refunds an order waiting in the Refunds queue once; an order already refunded cannot be ticked into it', async () => {
    const waiting = await server
      .db('orders')
      .where({ process_status: 'Refunds' })
      .whereNull('refund_date')
      .whereNull('assignee_id')
      .orderBy('order_id', 'desc')
      .first('order_id');
    const page = await newPage('manager@demo.test');
    await page.getByTestId('sidebar').getByText('Refunds', { exact: true }).click();
    const row = (id: number) => page.locator('tbody tr', { hasText: String(id) });
    await row(waiting.order_id).waitFor();

    await row(waiting.order_id).getByRole('checkbox').check();
    await page.getByTestId('bulk-refund').click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Order refunded; the customer will be mailed.').waitFor();
    await expect.poll(async () => (await order(waiting.order_id)).refund_date).toMatch(/^\d{4}-/);
    const mails = await server.db('mail_outbox').where({ order_id: waiting.order_id, kind: 'refund' });
    expect(mails).toHaveLength(1);

    // Ticked again, the refunded row disables Refunded it and says when it was refunded.
    await row(waiting.order_id).getByRole('checkbox').check();
    const refusedButton = page.getByTestId('bulk-refund');
    await expect.poll(() => refusedButton.isDisabled()).toBe(true);
    await page.getByTestId('refused').first().hover();
    await page
      .getByRole('tooltip')
      .getByText(
        new RegExp(`^Order ${waiting.order_id} was already refunded on \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} UTC\\.$`),
      )
      .waitFor();
    await screenshot(page, 'admin-refunds-refused-1366');
    await page.close();
  });

  it('restores a deleted order to where it was (New, which no move offers) for a Manager', async () => {
    const { order_id: id } = await server
      .db('orders')
      .where({ process_status: 'New', processing_mode: 'Priority' })
      .whereNull('assignee_id')
      .first('order_id');
    expect(
      (
        await call('manager@demo.test', 'PUT', '/api/admin/change-order-status', {
          orderId: id,
          updatingStatus: 'Deleted',
        })
      ).statusCode,
    ).toBe(200);
    const page = await newPage('manager@demo.test');
    await openOrder(page, id);
    await page.getByRole('button', { name: 'Restore to where it was' }).click();
    await toast(page, 'Order restored to where it was.').waitFor();
    await expect.poll(async () => (await order(id)).process_status).toBe('New');
    // Back in New, the page offers the moves again and no restore.
    await page.getByTestId('move-Deleted').waitFor();
    expect(await page.getByTestId('restore-order').count()).toBe(0);
    await page.close();
  });

  it('shows Team only what it may do: no moves on a Deleted order, disabled moves with the holder on a held one', async () => {
    const { order_id: deleted } = await server.db('orders').where({ process_status: 'Deleted' }).first('order_id');
    const { order_id: held } = await server
      .db('orders')
      .where({ process_status: 'Awaiting' })
      .whereNull('assignee_id')
      .first('order_id');
    expect(
      (await call('manager@demo.test', 'PUT', '/api/admin/assign-order-status', { orderId: held })).statusCode,
    ).toBe(200);

    const page = await newPage('team@demo.test');
    await openOrder(page, deleted);
    const actions = page.getByTestId('order-actions');
    expect(await actions.locator('[data-testid^="move-"]').count()).toBe(0);
    const restore = page.getByTestId('restore-order');
    expect(await restore.isDisabled()).toBe(true);
    await actions.getByTestId('refused').hover();
    await page.getByRole('tooltip').getByText('Only an Admin or a Manager can restore deleted orders.').waitFor();

    await openOrder(page, held);
    const moves = actions.locator('[data-testid^="move-"]');
    await moves.first().waitFor();
    // Every move shows, none can be clicked, and each says who holds the order; Delete is not Team's.
    expect(await actions.getByTestId('move-Deleted').count()).toBe(0);
    for (const move of await moves.all()) expect(await move.isDisabled()).toBe(true);
    await actions.getByTestId('refused').first().hover();
    await page.getByRole('tooltip').getByText(`Order ${held} is assigned to Demo Manager.`).waitFor();
    // The reason is reachable by keyboard too, and the disabled buttons with it pass axe.
    await page.mouse.move(0, 0);
    await actions.getByTestId('refused').first().focus();
    await page.getByRole('tooltip').getByText(`Order ${held} is assigned to Demo Manager.`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-team-held-order-1366');
    await page.close();
  });

  it('names a file of another type rather than asking for a file', async () => {
    const { order_id: id } = await server
      .db('orders')
      .where({ process_status: 'Awaiting' })
      .orderBy('order_id')
      .first('order_id');
    const page = await newPage('manager@demo.test');
    await openOrder(page, id);
    const upload = page.getByTestId('section-uploadDocument');
    await upload.getByTestId('upload-file').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a document'),
    });
    await upload.getByRole('button', { name: 'Submit (AWS)' }).click();
    await upload.getByText('Please choose a PDF or an image').waitFor();
    expect(await upload.getByText('File is required').count()).toBe(0);
    expect(await page.getByText(/The form is not valid/).count()).toBe(0);
    expect(await server.db('uploaded_documents').where({ order_id: id }).count({ n: '*' })).toEqual([{ n: 0 }]);
    await page.close();
  });

  it("shows a team change and a comment's text in the Audit Log and the order's timeline", async () => {
    const added = await call('admin@demo.test', 'POST', '/api/admin/add-team-member', {
      name: 'Noor Haddad',
      email: 'noor@demo.test',
      password: 'noor-secret',
      type: 'Telecaller',
    });
    expect(added.statusCode).toBe(200);
    const { order_id: id } = await server.db('orders').where({ process_status: 'Completed' }).first('order_id');
    const comment = 'Customer confirmed the hotel address by phone.';
    expect(
      (await call('manager@demo.test', 'POST', '/api/admin/add-new-remark', { orderId: id, remark: comment }))
        .statusCode,
    ).toBe(200);

    const page = await newPage('manager@demo.test');
    await page.goto(`${server.url}/admin/audit-events`);
    const log = page.getByTestId('audit-log');
    const memberRow = log.locator('tbody tr', { hasText: 'Team member added' });
    await memberRow.getByText('Noor Haddad <noor@demo.test>').waitFor();
    const commentRow = log.locator('tbody tr', { hasText: 'Comment added' }).first();
    await commentRow.getByText(comment).waitFor();

    await openOrder(page, id);
    await page.getByTestId('order-timeline').getByText(`Comment added: “${comment}”`).waitFor();
    await page.close();
  });
});
