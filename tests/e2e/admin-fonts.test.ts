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

  it('a Latin-only page downloads no font; a Thai, Chinese or Korean name loads its Noto subset and renders as text', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    const requested = watchFonts(page);
    await signIn(page, server.url, 'manager@demo.test');
    await page.goto(`${server.url}/admin/manage-team`);
    await page.getByText('Demo Telecaller').first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(requested).toEqual([]);

    for (const { email, name, family, sample, files, screen } of [
      { email: 'somchai.jaidee@example.co.th', name: 'สมชาย', family: 'Noto Sans Thai', sample: 'ก' },
      { email: 'wang.xiaoming@example.cn', name: '小明', family: 'Noto Sans SC', sample: '明' },
      // Hangul drew as boxes after the system's Latin fonts (scripts/hangul-fonts.mjs).
      {
        email: 'minjun.kim@example.kr',
        name: '김민준',
        family: 'Noto Sans KR Hangul',
        sample: '민',
        files: 'noto-sans-kr',
        // The whole name, as a queue row shows it (the order page shows its parts apart).
        screen: '/admin/completed-order',
      },
    ]) {
      const order = await server.db('orders').where({ email }).first('order_id');
      await page.goto(`${server.url}${screen ?? `/admin/view-order/${encodeId(order.order_id)}`}`);
      await page.getByText(name, { exact: false }).first().waitFor();
      await page.evaluate(() => document.fonts.ready);
      await page.waitForFunction(
        ([f, s]) =>
          [...document.fonts].some((face) => face.family.replace(/"/g, '') === f && face.status === 'loaded') &&
          document.fonts.check(`16px "${f}"`, s),
        [family, sample] as const,
      );
      expect(requested.some((file) => file.startsWith(files ?? family.toLowerCase().replace(/ /g, '-')))).toBe(true);
      // Drawn with that face, not the boxes of a system font before it: the name is as wide as in the face alone.
      await page.waitForFunction(
        ([text, f]) => {
          // The innermost element holding just the name (a cell's span comes after the cell).
          const shown = [...document.querySelectorAll('span, td, p, div')].filter((e) => e.textContent === text).pop();
          if (!shown) return false;
          const probe = document.createElement('span');
          probe.textContent = text;
          probe.style.font = getComputedStyle(shown).font;
          probe.style.fontFamily = `"${f}"`;
          document.body.append(probe);
          const range = document.createRange();
          range.selectNodeContents(shown);
          const same = Math.abs(range.getBoundingClientRect().width - probe.getBoundingClientRect().width) < 1;
          probe.remove();
          return same;
        },
        [name, family] as const,
      );
    }
    await page.close();
  });
});
