import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { browserAvailable, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** SPEC section 9's widths and the tablet ones between: desktop, small laptop, two tablets, phone. */
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
        await page.locator('.MuiSnackbarContent-message', { hasText: 'Comment added.' }).waitFor();
        await page.getByTestId('comment-history').getByText(`Demo ${role}`).first().waitFor();
        await screenshot(page, `widths-${role}-${width}-order`);

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
});
