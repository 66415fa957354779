import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM } from '../setup/browser.js';

export const ARTIFACTS = path.resolve('tests/artifacts');

/** Whether this run has Chromium (REQUIRE_BROWSER=1 has already failed the run if not). */
export const browserAvailable = () => inject('browserAvailable');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

/** Saves a screenshot under tests/artifacts for people to look at. */
export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Signs in through the real login page and waits for the layout. */
export async function signIn(page: Page, baseUrl: string, email: string, password = 'demo1234') {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Email ID').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByTestId('welcome').waitFor();
}

/** The texts of the header cells of the table in `scope` (a page or a table). */
export const tableHeaders = async (scope: Page | Locator) =>
  (await scope.locator('thead th').allTextContents()).map((text) => text.trim());

/** The texts of one column of the shown rows of the table in `scope`, by its header. */
export async function columnValues(scope: Page | Locator, header: string) {
  const index = (await tableHeaders(scope)).indexOf(header);
  return scope.locator(`tbody tr td:nth-child(${index + 1})`).allTextContents();
}

/** A page in a context of its own (its own session), at a desktop width, signed in as `email`. */
export async function openSignedIn(browser: Browser, baseUrl: string, email: string) {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(page, baseUrl, email);
  return page;
}

/** Picks `option` in the react-admin select labelled `label` (the nth such one). */
export async function chooseOption(page: Page, label: RegExp, option: string, nth = 0) {
  await page.getByRole('combobox', { name: label }).nth(nth).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
