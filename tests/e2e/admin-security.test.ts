import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generate } from 'otplib';
import { ManualClock } from '../../api/src/core/clock.js';
import { browserAvailable, launchBrowser } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const DESKTOP = { width: 1366, height: 768 };

/**
 * A member's security in Chromium: TOTP enrolment from the avatar menu, signing in with a code and with
 * a recovery code (once), ending another browser's session from "My sessions", and a refund past the
 * step-up window that asks for the password and then goes through, as does a queue's CSV; an Admin's
 * policy sending a Team member to enrolment first, and an Admin's reset of a factor. The server's clock is a ManualClock.
 */
describe.skipIf(!browserAvailable())('account security in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const clock = new ManualClock();
  const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
  const toast = (page: Page, text: string | RegExp) => page.locator('.MuiSnackbarContent-message', { hasText: text });
  /** A fresh browser (its own cookies and storage) at the sign-in page, email and password entered. */
  const passwordStep = async (email: string) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByLabel('Email ID').fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign In' }).click();
    return page;
  };
  const codeStep = async (page: Page, code: string) => {
    const field = page.getByLabel(/Code from your authenticator app/);
    await field.fill(code);
    await page.getByRole('button', { name: 'Sign In' }).click();
  };

  beforeAll(async () => {
    server = await startTestServer('sqlite', {}, { clock });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('enrols TOTP, signs in with a code and a recovery code, ends another session, and steps up for a refund', async () => {
    // Enrolment, from the avatar menu.
    const desk = await passwordStep('manager@demo.test');
    await desk.getByTestId('welcome').waitFor();
    await desk.getByRole('button', { name: 'Demo Manager' }).click();
    await desk.getByRole('menuitem', { name: 'My sessions and security' }).click();
    await desk.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await desk.getByRole('img', { name: 'QR' }).waitFor();
    const secret = (await desk.getByTestId('totp-secret').textContent())!;
    await desk.getByLabel('Code').fill(await codeNow(secret));
    await desk.getByRole('button', { name: 'Confirm' }).click();
    const codes = desk.getByRole('list', { name: /Recovery codes/ }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    const recoveryCodes = await codes.allTextContents();
    await desk.getByText(/An authenticator app is set up\. Recovery codes left: 10\./).waitFor();

    // A second browser: password, then the code of the next time step.
    clock.advance({ ms: 30_000 });
    const laptop = await passwordStep('manager@demo.test');
    await codeStep(laptop, await codeNow(secret));
    await laptop.getByTestId('welcome').waitFor();

    // A third: a recovery code signs in once; the same code again is refused.
    const spare = await passwordStep('manager@demo.test');
    await codeStep(spare, recoveryCodes[0]!);
    await spare.getByTestId('welcome').waitFor();
    const again = await passwordStep('manager@demo.test');
    await codeStep(again, recoveryCodes[0]!);
    await toast(again, 'That code is not valid.').waitFor();
    await again.context().close();
    await spare.context().close();

    // "My sessions" ends the laptop's session; the laptop is sent to sign-in, saying why.
    await desk.reload();
    const laptopRow = desk.locator('tbody tr', { hasText: 'End' }).first();
    await laptopRow.waitFor();
    await desk.getByRole('button', { name: 'End all other sessions' }).click();
    await toast(desk, /other session\(s\) ended/).waitFor();
    await laptop.getByTestId('sidebar').getByText('Refunds', { exact: true }).click();
    await toast(laptop, 'This session was ended from another session. Please sign in again.').waitFor();
    await laptop.getByLabel('Email ID').waitFor();

    // Eleven minutes after the sign-in, Refunded it asks for the password first, then goes through.
    const waiting = await server
      .db('orders')
      .where({ process_status: 'Refunds' })
      .whereNull('refund_date')
      .whereNull('assignee_id')
      .orderBy('order_id', 'desc')
      .first('order_id');
    clock.advance({ minutes: 11 });
    await desk.getByTestId('sidebar').getByText('Refunds', { exact: true }).click();
    const row = desk.locator('tbody tr', { hasText: String(waiting.order_id) });
    await row.getByRole('checkbox').check();
    await desk.getByTestId('bulk-refund').click();
    await desk.getByRole('button', { name: 'Confirm' }).click();
    const check = desk.getByRole('dialog', { name: 'Confirm it is you' });
    await check.getByRole('textbox', { name: 'Password' }).fill('wrong-password');
    await check.getByRole('button', { name: 'Confirm' }).click();
    await check.getByText('That password is not correct.').waitFor();
    await check.getByRole('textbox', { name: 'Password' }).fill('demo1234');
    await check.getByRole('button', { name: 'Confirm' }).click();
    await toast(desk, 'Order refunded; the customer will be mailed.').waitFor();
    expect((await server.db('orders').where({ order_id: waiting.order_id }).first()).refund_date).toMatch(/^\d{4}-/);

    // The queue's CSV (customer data) asks again once the window is over; cancelled, nothing is written.
    clock.advance({ minutes: 11 });
    await desk.getByRole('button', { name: 'Export' }).click();
    await check.getByRole('button', { name: 'Cancel' }).click();
    await check.waitFor({ state: 'hidden' });
    await desk.getByTestId('welcome').waitFor();
    const [download] = await Promise.all([
      desk.waitForEvent('download'),
      (async () => {
        await desk.getByRole('button', { name: 'Export' }).click();
        await check.getByRole('textbox', { name: 'Password' }).fill('demo1234');
        await check.getByRole('button', { name: 'Confirm' }).click();
      })(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);

    // An Admin requires a second factor of Team members: the next Team sign-in opens its enrolment first.
    const admin = await passwordStep('admin@demo.test');
    await admin.getByTestId('welcome').waitFor();
    await admin.goto(`${server.url}/admin/account-security`);
    await admin.getByRole('checkbox', { name: 'Team' }).check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await toast(admin, 'Security policy saved.').waitFor();
    const team = await passwordStep('team@demo.test');
    await team.getByRole('button', { name: 'Set up an authenticator app' }).waitFor();
    expect(team.url()).toMatch(/\/admin\/account-security$/);

    // The Admin resets the Manager's factor: the Manager's sessions end.
    const managerId = (await server.db('team_members').where({ email: 'manager@demo.test' }).first('id')).id;
    await admin.goto(`${server.url}/admin/manage-team/${managerId}`);
    await admin.getByRole('button', { name: 'Reset second factor' }).click();
    await admin.getByRole('button', { name: 'Click again to reset the second factor' }).click();
    await toast(admin, /will set up a second factor again/).waitFor();
    await desk.reload();
    await toast(desk, 'Your second factor was reset. Please sign in again.').waitFor();
  });
});
