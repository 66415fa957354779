import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ManualClock } from '../../api/src/core/clock.js';
import { browserAvailable, launchBrowser, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Passkeys in Chromium with its virtual authenticator (DevTools WebAuthn domain): a member adds one from
 * the security screen (first factor: recovery codes shown), signs out, signs in with password then the
 * passkey, finds it listed as used, and removes it past the step-up window, confirming with the passkey.
 */
describe.skipIf(!browserAvailable())('passkeys in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const clock = new ManualClock();
  const toast = (page: Page, text: string | RegExp) => page.locator('.MuiSnackbarContent-message', { hasText: text });
  const openSecurity = async (page: Page) => {
    await page.getByRole('button', { name: 'Demo Manager' }).click();
    await page.getByRole('menuitem', { name: 'My sessions and security' }).click();
  };

  beforeAll(async () => {
    server = await startTestServer('sqlite', {}, { clock, localhost: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('enrols a passkey, signs in with it, and removes it after a step-up with it', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });

    await signIn(page, server.url, 'manager@demo.test');
    await openSecurity(page);
    await page.getByText('No passkey yet.').waitFor();
    await page.getByLabel('Passkey name (optional)').fill('Work laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const codes = page.getByRole('list', { name: /Recovery codes/ }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    const passkeys = page.getByRole('table', { name: 'Passkeys' });
    await passkeys.getByRole('cell', { name: 'Work laptop' }).waitFor();
    const enrolled = await server.db('audit_events').where({ action: 'mfa-enrol' }).pluck('detail');
    expect(enrolled).toEqual(['Demo Manager: passkey "Work laptop"']);

    // Signed out, the password alone no longer opens the back-office: the passkey does.
    await page.getByRole('button', { name: 'Demo Manager' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByLabel('Email ID').fill('manager@demo.test');
    await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByTestId('welcome').waitFor();
    const stored = await server.db('mfa_passkeys').first('counter', 'last_used_at');
    expect(stored.last_used_at).not.toBeNull();

    await openSecurity(page);
    const row = passkeys.getByRole('row', { name: /Work laptop/ });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).toMatch(/^\d{4}-/);

    // Past the step-up window, removing it asks who it is; the passkey answers.
    clock.advance({ minutes: 11 });
    await row.getByRole('button', { name: 'Remove' }).click();
    const check = page.getByRole('dialog', { name: 'Confirm it is you' });
    await check.getByRole('button', { name: 'Use a passkey' }).click();
    await toast(page, 'The passkey was removed.').waitFor();
    await page.getByText('No passkey yet.').waitFor();
    expect(await server.db('mfa_passkeys').count({ n: '*' })).toEqual([{ n: 0 }]);
    const removed = await server.db('audit_events').where({ action: 'mfa-remove' }).pluck('detail');
    expect(removed).toEqual(['Demo Manager: passkey "Work laptop"']);
    await context.close();
  });
});
