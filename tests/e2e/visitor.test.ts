import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { encodeId } from '@app/domain/idCodec';
import { CHROMIUM } from '../setup/browser.js';
import { ARTIFACTS, browserAvailable, screenshot } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { accessibilityAudit, loadPerformance } from './visitorAudit.js';

interface DocumentedOrder {
  order_id: number;
  email: string;
  full_name: string;
  storage_key: string;
}

const MOBILE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

describe.skipIf(!browserAvailable())('visitor area in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let order: DocumentedOrder;
  /** The same server under two names: the partner host and any other host (docs/product.md#visitor-area). */
  let hosts: { partner: string; main: string };
  const trackUrl = (base: string) => `${base}/track-order/${encodeId(order.order_id)}`;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      // *.localhost names reach the test server on 127.0.0.1 (it does not listen on ::1).
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--host-resolver-rules=MAP *.localhost 127.0.0.1',
      ],
    });
    hosts = { partner: server.url.replace('127.0.0.1', 'partner.localhost'), main: server.url };
    order = await server
      .db('orders as o')
      .join('uploaded_documents as d', 'd.order_id', 'o.order_id')
      .where('o.process_status', 'Completed')
      .orderBy('o.order_id', 'desc')
      .first('o.order_id', 'o.email', 'o.full_name', 'd.storage_key');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const open = async (url: string, viewport = DESKTOP) => {
    const page = await browser.newPage({ viewport, acceptDownloads: true });
    await page.goto(url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    return page;
  };

  const track = async (page: Page, email: string) => {
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'TRACK ORDER' }).click();
  };

  it.each([
    ['partner', 'partner.svg', ['Contact Us'], 'partner.localhost'],
    [
      'main',
      'main.svg',
      [
        'Home',
        'Apply Now',
        'Additional Benefits',
        'Terms & Conditions',
        'Privacy Policy',
        'Refund Policy',
        'Contact Us',
      ],
      '127.0.0.1',
    ],
  ] as const)('brands the %s host: logo, navigation and footer', async (host, logo, links, domain) => {
    const page = await open(trackUrl(hosts[host]));
    const image = page.getByTestId('brand-logo').locator('img');
    expect(await image.getAttribute('src')).toBe(`/v/brands/${logo}`);
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const nav = page.getByRole('navigation', { name: 'Site navigation' }).getByRole('link');
    expect(await nav.allTextContents()).toEqual(links);
    for (const href of await nav.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))) {
      expect(href).toMatch(/^https:\/\//);
    }
    expect(await page.getByTestId('copyright').textContent()).toBe(`© 2025 ${domain}`);
    await page.close();
  });

  it('prefills the decoded order id, shows the field messages, and refuses a wrong email', async () => {
    const page = await open(trackUrl(hosts.partner));
    expect(await page.title()).toBe('Download your Thailand Arrival Card');
    expect(await page.getByLabel('Order ID').inputValue()).toBe(String(order.order_id));
    await page.getByRole('button', { name: 'TRACK ORDER' }).click();
    await page.getByText('Please enter your email').waitFor();
    expect(await page.getByLabel('Email').evaluate((input) => input === document.activeElement)).toBe(true);
    await page.getByLabel('Order ID').fill('');
    await page.getByRole('button', { name: 'TRACK ORDER' }).click();
    await page.getByText('Please enter your orderId').waitFor();

    await page.getByLabel('Order ID').fill(String(order.order_id));
    await track(page, 'not.the.customer@example.com');
    await page
      .getByRole('alert')
      .getByText('We could not find an order with these details.', { exact: false })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe(`/track-order/${encodeId(order.order_id)}`);
    await screenshot(page, 'visitor-track-wrong-email-1366');
    await page.close();
  });

  it('tracks the order, downloads the real file one second after the request, and lists the download', async () => {
    const page = await open(trackUrl(hosts.partner), MOBILE);
    await track(page, order.email.toUpperCase());
    await page.waitForURL(`**/get-new-order-details/${encodeId(order.order_id)}`);
    await page.getByRole('heading', { name: 'Your Thailand Arrival Card is ready' }).waitFor();
    const rows = page.getByTestId('download-history').locator('tbody tr');
    await rows.first().waitFor();
    const before = await server.db('download_history').where({ order_id: order.order_id }).count({ n: '*' }).first();
    expect(await rows.count()).toBe(Math.max(1, Number(before?.n)));
    await screenshot(page, 'visitor-details-390');

    const downloadNow = page.getByRole('button', { name: 'Download Now' });
    expect(await downloadNow.isEnabled()).toBe(true);
    const clicked = Date.now();
    const [download] = await Promise.all([page.waitForEvent('download'), downloadNow.click()]);
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(1000);
    expect(download.suggestedFilename()).toBe(`Thailand-Arrival-Card-${order.order_id}.pdf`);
    const saved = fs.readFileSync((await download.path())!);
    const stored = fs.readFileSync(path.join(server.dataDir, 'uploads', order.storage_key));
    expect(saved.equals(stored)).toBe(true);
    await page.getByText('Your download has started.', { exact: false }).waitFor();

    await expect.poll(() => rows.count()).toBe(Number(before?.n) + 1);
    const newest = await rows.first().locator('td').allTextContents();
    expect(newest[1]).toBe(String(order.order_id));
    // The visitor's own time with AM/PM and the zone's name (this browser runs in the machine's zone).
    expect(newest[2]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}:\d{2} [AP]M (?:[A-Z]{3,4}|GMT[+-]\d+)$/);
    expect(newest[3]).toBe('127.0.0.1');
    expect(newest.slice(4, 6)).toEqual(['Linux PC', 'Desktop']);
    expect(newest[6]).toMatch(/^Chrome Headless-\d+/);
    expect(newest[8]).toBe('Private network');
    await screenshot(page, 'visitor-downloaded-390');
    await page.close();
  });

  it('tells the visitor what happened when the file does not arrive', async () => {
    const page = await open(trackUrl(hosts.main));
    await track(page, order.email);
    await page.getByRole('heading', { name: 'Your Thailand Arrival Card is ready' }).waitFor();
    // The signed link expires between the request and the fetch.
    await page.route('**/uploads/docs/**', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: '{"status":0,"message":"expired"}' }),
    );
    await page.getByRole('button', { name: 'Download Now' }).click();
    await page
      .getByRole('alert')
      .getByText('The download link expired before the file arrived.', { exact: false })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Download Now' }).isEnabled()).toBe(true);
    await screenshot(page, 'visitor-download-failed-1366');
    await page.close();
  });

  it('shows download times in the visitor’s own zone, named with its daylight-saving state and AM/PM', async () => {
    // Two downloads of another order: late October (New York still on EDT) and December (EST).
    const other = await server
      .db('orders as o')
      .join('uploaded_documents as d', 'd.order_id', 'o.order_id')
      .where('o.process_status', 'Completed')
      .whereNot('o.order_id', order.order_id)
      .orderBy('o.order_id', 'desc')
      .first('o.order_id', 'o.email');
    const download = { order_id: other.order_id, ip: '127.0.0.1', timezone: 'UTC' };
    await server.db('download_history').insert([
      { ...download, created_at: '2026-10-25 18:07:11' },
      { ...download, created_at: '2026-12-15 19:07:11' },
    ]);
    const expected = {
      'America/New_York': ['10/25/2026 2:07:11 PM EDT', '12/15/2026 2:07:11 PM EST'],
      'Asia/Bangkok': ['10/26/2026 1:07:11 AM GMT+7', '12/16/2026 2:07:11 AM GMT+7'],
    };
    for (const [timezoneId, times] of Object.entries(expected)) {
      const context = await browser.newContext({ viewport: DESKTOP, timezoneId });
      const page = await context.newPage();
      await page.goto(`${hosts.main}/track-order/${encodeId(other.order_id)}`);
      await track(page, other.email);
      const history = page.getByTestId('download-history');
      for (const time of times) await history.getByRole('cell', { name: time, exact: true }).waitFor();
      await context.close();
    }
  });

  it('sends a visitor without a tracking session back to the track page with a message', async () => {
    const page = await open(`${hosts.main}/get-new-order-details/${encodeId(order.order_id)}`);
    await page.waitForURL(`**/track-order/${encodeId(order.order_id)}`);
    await page.getByText('Your tracking session has expired.', { exact: false }).waitFor();
    await page.close();
  });

  it('translates every text with the language picker, remembers the choice and sets lang', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(trackUrl(hosts.main));
    const english = await page.locator('body').innerText();
    const languageNames = await page.locator('select option').allTextContents();
    await page.getByLabel('Language').selectOption('th');
    await page.getByRole('heading', { name: 'ดาวน์โหลดบัตรขาเข้าประเทศไทยของคุณ' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('th');
    expect(await page.title()).toBe('ดาวน์โหลดบัตรขาเข้าประเทศไทยของคุณ');
    await page.getByRole('button', { name: 'ติดตามคำสั่งซื้อ' }).click();
    await page.getByText('กรุณากรอกอีเมลของคุณ').waitFor();
    // Every English sentence of the page is gone; what stays is names, numbers and the language list.
    const thai = await page.locator('body').innerText();
    for (const line of english.split('\n').filter((l) => /[a-z]{3}/.test(l))) {
      if (languageNames.includes(line) || line.startsWith('© 2025')) continue;
      expect(thai, line).not.toContain(line);
    }
    await screenshot(page, 'visitor-track-thai-1366');

    await page.reload();
    await page.getByRole('heading', { name: 'ดาวน์โหลดบัตรขาเข้าประเทศไทยของคุณ' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('visitor.language'))).toBe('th');
    for (const [code, heading] of [
      ['ja', 'タイ入国カードをダウンロード'],
      ['de', 'Laden Sie Ihre Thailand-Einreisekarte herunter'],
      ['en', 'Download your Thailand Arrival Card'],
    ]) {
      await page.getByRole('combobox').selectOption(code!);
      await page.getByRole('heading', { name: heading }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(code);
    }
    await context.close();
  });

  it('draws Thai, Chinese, Japanese and Korean with faces it ships, loaded with that language only', async () => {
    // This machine has no Thai, CJK or Hangul font: a face of ours loaded is what draws the text, not boxes.
    const page = await open(trackUrl(hosts.main));
    const facesOf = (family: string) =>
      page.evaluate(
        (wanted) => [...document.fonts].filter((face) => face.family.replace(/"/g, '') === wanted).map((f) => f.status),
        family,
      );
    const FAMILIES = { th: 'Noto Sans Thai', zh: 'Noto Sans SC', ja: 'Noto Sans JP', ko: 'Noto Sans KR Hangul' };
    for (const family of Object.values(FAMILIES)) expect(await facesOf(family), family).toEqual([]);
    for (const [code, family] of Object.entries(FAMILIES)) {
      await page.getByRole('combobox').selectOption(code);
      await page.waitForFunction((lang) => document.documentElement.lang === lang, code);
      await page.waitForFunction(
        (wanted) =>
          [...document.fonts].some((face) => face.family.replace(/"/g, '') === wanted && face.status === 'loaded'),
        family,
      );
    }
    // Buttons and the picker too: browsers give form controls fonts of their own.
    const fonts = await page.evaluate(() =>
      [document.body, ...document.querySelectorAll('button, select, input')].map(
        (el) => getComputedStyle(el).fontFamily,
      ),
    );
    expect(new Set(fonts).size).toBe(1);
    expect(fonts[0]).toContain('Noto Sans KR Hangul');
    await screenshot(page, 'visitor-track-korean-1366');
    await page.close();
  });

  it('passes the accessibility audit and loads fast on the track page (390 px and 1366 px)', async () => {
    const report: Record<string, unknown> = {};
    for (const [name, viewport] of [
      ['390', MOBILE],
      ['1366', DESKTOP],
    ] as const) {
      for (const host of ['partner', 'main'] as const) {
        const page = await open(trackUrl(hosts[host]), viewport);
        const audit = await accessibilityAudit(page);
        report[`accessibility-${host}-${name}`] = audit;
        expect(audit.failures, JSON.stringify(audit.failures, null, 2)).toEqual([]);
        await screenshot(page, `visitor-track-${host}-${name}`);
        await page.close();
      }
    }
    const performance = await loadPerformance(browser, trackUrl(hosts.main));
    report.performance = performance;
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    fs.writeFileSync(path.join(ARTIFACTS, 'visitor-audit.json'), JSON.stringify(report, null, 2));
    // Bytes are exact (compressed assets within the budget); times get room for a busy test machine:
    // Lighthouse calls an LCP under 4 s on a throttled phone "needs improvement", above it "poor".
    expect(performance.throttled.transferredKb).toBeLessThan(100);
    expect(performance.throttled.largestContentfulPaintMs).toBeLessThan(4000);
    expect(performance.throttled.cumulativeLayoutShift).toBeLessThan(0.1);
  });
});
