import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe.skipIf(!browserAvailable())('sign-in in Chromium', () => {
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

  it('signs in through the login page at / and shows Welcome {name}', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await signIn(page, server.url, 'admin@demo.test');
    expect(await page.getByTestId('welcome').textContent()).toBe('Welcome Demo Admin');
    expect(new URL(page.url()).pathname).toMatch(/^\/admin/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored).toMatchObject({ name: 'Demo Admin', type: 'Admin', accessToken: expect.any(String) });
    await screenshot(page, 'login-signed-in');
    await page.close();
  });

  it('sends a signed-out visit of an admin screen to the sign-in page once, without a redirect loop', async () => {
    const page = await browser.newPage();
    let navigations = 0;
    page.on('framenavigated', () => navigations++);
    await page.goto(`${server.url}/admin/called`);
    await page.getByLabel('Email ID').waitFor();
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(navigations).toBeLessThan(5);
    await page.close();
  });

  it('shows the validation messages under the fields', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    expect(await page.title()).toBe('Thailand');
    // The page fills the window: no browser margin framing it, no scrollbar.
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight),
    ).toBe(0);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email Address is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('Email ID').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email address').waitFor();
    await page.close();
  });

  it("shows the server's message in an error toast on a wrong password", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/admin`);
    await page.getByLabel('Email ID').fill('manager@demo.test');
    await page.getByRole('textbox', { name: 'Password' }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await screenshot(page, 'login-wrong-password');
    await page.close();
  });
});
