import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { encodeId } from '@app/domain';
import { browserAvailable, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** The old system's widths and the tablet ones between: desktop, small laptop, two tablets, phone. */
const WIDTHS = [1366, 1024, 900, 768, 390];
/** Below the theme's md breakpoint (991 px) the sidebar is a slide-in panel opened from the header. */
const NARROW = 991;
/** Each role works a dashboard tile queue: Admin the Completed Orders, Team the New Orders. */
const ROLES = [
  { role: 'Admin', email: 'admin@demo.test', queue: 'completed-order' },
  { role: 'Team', email: 'team@demo.test', queue: 'recent-order' },
];

/**
 * Waits until the element is what the browser would hit at its centre (nothing, visible or not, lies on
 * it), then clicks it. An invisible layer over the page fails here, naming what covers the element.
 */
async function clickOnTop(target: Locator) {
  const onTop = () =>
    target
      .evaluate(
        (element) => {
          element.scrollIntoView({ block: 'nearest' });
          const box = element.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return hit !== null && element.contains(hit) ? 'on top' : `covered by ${hit?.outerHTML.slice(0, 160)}`;
        },
        undefined,
        { timeout: 1000 },
      )
      // Re-rendered or not there yet: asked again.
      .catch((error: Error) => error.message.split('\n')[0]);
  // A panel sliding away after a click in it covers the page until its exit transition ends.
  await expect.poll(onTop, { timeout: 10_000 }).toBe('on top');
  await target.click();
}

/**
 * Each column header of a table that the member cannot see: visible means inside the table's card and the
 * window, after scrolling it into view within the named, focusable scroll region it sits in (if any).
 */
function unreachableHeaders(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).evaluate((table) => {
    const card = table.closest('section')!.getBoundingClientRect();
    return [...table.querySelectorAll('thead th')]
      .filter((th) => !th.classList.contains('RaDataTable-expandHeader'))
      .flatMap((th) => {
        const name = th.textContent?.trim() || '(unnamed)';
        const region = th.closest('[role="region"]') as HTMLElement | null;
        if (region) {
          const scrolls = ['auto', 'scroll'].includes(getComputedStyle(region).overflowX);
          if (!scrolls || region.tabIndex !== 0 || !region.getAttribute('aria-label'))
            return [`${name}: its scroll region is not named, focusable and scrolling`];
          th.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        }
        const box = th.getBoundingClientRect();
        const bounds = region?.getBoundingClientRect() ?? card;
        const inside =
          box.width > 0 &&
          box.left >= Math.max(bounds.left, card.left, 0) - 1 &&
          box.right <= Math.min(bounds.right, card.right, window.innerWidth) + 1;
        return inside ? [] : [`${name} at ${Math.round(box.left)}-${Math.round(box.right)} px`];
      });
  });
}

/** The order page's buttons (its action bar and Add Comment) that the toast's box overlaps. */
async function coveredButtons(page: Page, toast: Locator): Promise<string[]> {
  const box = (await toast.boundingBox())!;
  return page.locator('[data-testid="order-actions"] button, [data-testid="section-addComment"] button').evaluateAll(
    (buttons, toastBox) =>
      buttons
        .filter((button) => {
          const b = button.getBoundingClientRect();
          return (
            b.width > 0 &&
            b.left < toastBox.x + toastBox.width &&
            b.right > toastBox.x &&
            b.top < toastBox.y + toastBox.height &&
            b.bottom > toastBox.y
          );
        })
        .map((button) => button.textContent ?? ''),
    box,
  );
}

describe.skipIf(!browserAvailable())('admin at every width in Chromium', () => {
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

  describe.each(ROLES)('$role', ({ role, email, queue }) => {
    it.each(WIDTHS)('signs in at %i px, opens an order from a queue, comments on it and goes back', async (width) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      try {
        await signIn(page, server.url, email);
        await clickOnTop(page.getByTestId(`tile-${queue}`).getByRole('link'));
        await page.waitForURL(`**/admin/${queue}`);
        const view = page.locator('tbody tr').first().getByRole('link', { name: 'View' });
        await clickOnTop(view);
        await page.locator('div[data-testid="view-order"]').waitFor();

        const comment = page.getByTestId('section-addComment');
        const remark = `Checked at ${width} px by ${role}.`;
        await comment.getByLabel('Remark').fill(remark);
        await clickOnTop(comment.getByRole('button', { name: 'Add Comment' }));
        const toast = page.locator('.MuiSnackbarContent-root', { hasText: 'Comment added.' });
        await toast.waitFor();
        // The toast sits on none of the order's action buttons, nor on the button just clicked.
        expect(await coveredButtons(page, toast)).toEqual([]);
        await page.getByTestId('comment-history').getByText(`Demo ${role}`).first().waitFor();
        await screenshot(page, `widths-${role}-${width}-order`);
        // It closes by itself.
        if (width === 1366) await toast.waitFor({ state: 'detached', timeout: 10_000 });

        // Back to the dashboard through the sidebar: on narrow screens its panel opens from the header, which
        // slid away as the page scrolled down.
        await page.evaluate(() => window.scrollTo(0, 0));
        if (width < NARROW) await clickOnTop(page.getByRole('button', { name: 'Open menu' }));
        await clickOnTop(page.getByTestId('menu-dashboard'));
        await clickOnTop(page.getByTestId(`tile-${queue}`).getByRole('link'));
        await page.waitForURL(`**/admin/${queue}`);
        await clickOnTop(page.locator('tbody tr').first().getByRole('link', { name: 'View' }));
        await page.locator('div[data-testid="view-order"]').waitFor();
      } finally {
        await context.close();
      }
    });
  });

  describe('order page histories', () => {
    let orderId: number;
    const reason = '550 5.1.1 The email account that you tried to reach does not exist';
    beforeAll(async () => {
      // An order with a document, a mail, downloads and comments; its mail bounced (a provider's report).
      const order = await server
        .db('orders as o')
        .whereExists(server.db('mail_outbox as m').whereRaw('m.order_id = o.order_id').whereNotNull('m.document_id'))
        .whereExists(server.db('download_history as d').whereRaw('d.order_id = o.order_id'))
        .whereExists(server.db('remarks as r').whereRaw('r.order_id = o.order_id'))
        .first('o.order_id');
      orderId = Number(order.order_id);
      await server
        .db('mail_outbox')
        .where({ order_id: orderId })
        .update({ bounced_at: '2026-11-20 10:00:05', delivered_at: null, bounce_reason: reason });
    });

    it.each([1366, 390])('reaches every history column at %i px and shows the bounce', async (width) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      try {
        await signIn(page, server.url, 'manager@demo.test');
        await page.goto(`${server.url}/admin/view-order/${encodeId(orderId)}`);
        for (const table of ['email-history', 'download-history', 'comment-history'])
          await page.getByTestId(table).locator('tbody tr').first().waitFor();
        expect(await unreachableHeaders(page, 'email-history')).toEqual([]);
        expect(await unreachableHeaders(page, 'download-history')).toEqual([]);
        expect(await unreachableHeaders(page, 'comment-history')).toEqual([]);
        await screenshot(page, `widths-histories-${width}`);

        // The bounce is the mail's state, with its reason; the order's queue row says so too.
        const mail = page.getByTestId('email-history').locator('tbody tr').first();
        expect(await mail.getByTestId('mail-state').textContent()).toBe('Bounced');
        expect(await mail.getByTestId('mail-bounced_at').textContent()).toContain(reason);
        await page.goto(`${server.url}/admin/order-history`);
        await page.getByPlaceholder('Search', { exact: true }).fill(String(orderId));
        const row = page.locator('tbody tr', { has: page.getByTestId('order-id').getByText(String(orderId)) });
        await row.getByTestId('mail-bounced').waitFor();
        expect(await row.getByTestId('mail-bounced').textContent()).toContain(reason);
      } finally {
        await context.close();
      }
    });

    it('asks before mailing again an address that bounced', async () => {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      try {
        await signIn(page, server.url, 'manager@demo.test');
        await page.goto(`${server.url}/admin/view-order/${encodeId(orderId)}`);
        await page.getByTestId('email-history').locator('tbody tr').first().waitFor();
        const bouncedTo = (await server.db('mail_outbox').where({ order_id: orderId }).first('to_email')).to_email;
        const resend = page.getByTestId('resend-form');
        await resend.getByLabel('Email ID').fill(bouncedTo);
        const requests: string[] = [];
        page.on('request', (request) => {
          if (request.url().endsWith('/api/admin/resend-mail')) requests.push(request.postDataJSON().email);
        });
        const button = resend.getByRole('button', { name: 'Resend Mail(AWS)' });
        await expect.poll(() => button.isEnabled()).toBe(true);
        await button.click();
        const dialog = page.getByRole('dialog', { name: 'This address bounced' });
        expect(await dialog.textContent()).toContain(reason);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
        expect(requests).toEqual([]);
        await button.click();
        const [request] = await Promise.all([
          page.waitForRequest((r) => r.url().endsWith('/api/admin/resend-mail')),
          page
            .getByRole('dialog', { name: 'This address bounced' })
            .getByRole('button', { name: 'Send anyway' })
            .click(),
        ]);
        expect(request.postDataJSON()).toMatchObject({ email: bouncedTo, mailServiceProvider: 'AWS' });
      } finally {
        await context.close();
      }
    });
  });

  it("shows another member's change and the bulk actions bar together, both clickable", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    try {
      await signIn(page, server.url, 'manager@demo.test');
      await page.goto(`${server.url}/admin/recent-order`);
      const rows = page.locator('tbody tr');
      await rows.nth(1).getByTestId('order-id').waitFor();
      const moved = Number(await rows.first().getByTestId('order-id').textContent());
      await rows.nth(1).getByRole('checkbox').check();
      const bulkDelete = page.locator('.RaBulkActionsToolbar-toolbar').getByRole('button', { name: 'Delete' });
      await bulkDelete.waitFor();
      const adminToken = await server.login('admin@demo.test');
      const res = await server.call(adminToken, {
        method: 'PUT',
        url: '/api/admin/move-order-status',
        payload: { orderIds: [moved], updatingStatus: 'Awaiting' },
      });
      expect(res.statusCode).toBe(200);
      const refreshNow = page.getByTestId('rows-changed').getByRole('button', { name: 'Refresh now' });
      await refreshNow.waitFor();
      for (const target of [bulkDelete, refreshNow])
        expect(
          await target.evaluate((element) => {
            const box = element.getBoundingClientRect();
            return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
          }),
        ).toBe(true);
      await screenshot(page, 'widths-changed-rows-with-selection');
      await clickOnTop(refreshNow);
      await page.getByTestId('rows-changed').waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
