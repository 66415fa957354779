import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { encodeId } from '@app/domain';
import { browserAvailable, launchBrowser, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** Font files the page asked for, by name. */
const watchFonts = (page: Page) => {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (/\.woff2?$/.test(request.url())) requested.push(request.url().split('/').pop()!);
  });
  return requested;
};

describe.skipIf(!browserAvailable())('admin fonts for Thai, Chinese, Japanese and Korean names', () => {
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

  it('a Latin-only page downloads no font; a Thai or Chinese name loads its Noto subset and renders as text', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    const requested = watchFonts(page);
    await signIn(page, server.url, 'manager@demo.test');
    await page.goto(`${server.url}/admin/manage-team`);
    await page.getByText('Demo Telecaller').first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(requested).toEqual([]);

    for (const { email, name, family, sample } of [
      { email: 'somchai.jaidee@example.co.th', name: 'สมชาย', family: 'Noto Sans Thai', sample: 'ก' },
      { email: 'wang.xiaoming@example.cn', name: '小明', family: 'Noto Sans SC', sample: '明' },
    ]) {
      const order = await server.db('orders').where({ email }).first('order_id');
      await page.goto(`${server.url}/admin/view-order/${encodeId(order.order_id)}`);
      await page.getByText(name, { exact: false }).first().waitFor();
      await page.evaluate(() => document.fonts.ready);
      await page.waitForFunction(
        ([f, s]) =>
          [...document.fonts].some((face) => face.family.replace(/"/g, '') === f && face.status === 'loaded') &&
          document.fonts.check(`16px "${f}"`, s),
        [family, sample] as const,
      );
      expect(requested.some((file) => file.startsWith(family.toLowerCase().replace(/ /g, '-')))).toBe(true);
    }
    await page.close();
  });
});
