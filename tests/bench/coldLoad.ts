/**
 * npm run bench:admin: how long a member waits in Chromium on this machine (a cold
 * /admin shows its first table row within 1 s). The real server (npm start's, on the configured
 * database or a fresh demo SQLite one) serves the built admin; each run is a new browser context with an
 * empty cache and a stored sign-in, as a member opening the back-office in the morning. Prints the
 * median and worst of RUNS cold loads of /admin to the first queue row, of an order page to its Order
 * Details, and the JavaScript bytes each moved (compressed, as sent), beside the same cold load of a bare
 * react-admin app (bareAdmin.ts: one <Resource> with a ListGuesser over /api/orders, built and served the
 * same way) measured in the same runs, and the machine's load; then how long Order History takes
 * to show 100, 500 and All rows, to tick a row with 500 shown and to go back to 10 (listRender.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startServerProcess } from '../helpers/serverProcess.js';
import { printListRendering } from './listRender.js';
import { startBareAdmin } from './bareAdmin.js';

const RUNS = Number(process.env.RUNS ?? 7);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const dataDir = process.env.DATABASE_URL ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'tdac-cold-'));
  const server = await startServerProcess(
    { LOG_LEVEL: 'warn', MAIL_WORKER: 'false', ...(dataDir ? { DATA_DIR: dataDir, DATABASE_URL: '' } : {}) },
    { entry: 'api/src/cluster.ts' },
  );
  const bare = await startBareAdmin(server.url);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const login = await fetch(`${server.url}/api/admin/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'manager@demo.test', password: 'demo1234' }),
    }).then((r) => r.json() as Promise<{ token: string; data: unknown }>);
    const stored = JSON.stringify({ accessToken: login.token, ...(login.data as object) });
    const timings = { list: [] as number[], order: [] as number[], bare: [] as number[] };
    let bytes = { list: 0, order: 0, bare: 0 };
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      await context.addInitScript((user) => localStorage.setItem('user', user), stored);
      const page = await context.newPage();
      let js = 0;
      page.on('response', async (response) => {
        if (!response.url().endsWith('.js')) return;
        js += Number((await response.allHeaders())['content-length'] ?? 0);
      });
      const time = async (url: string, ready: (p: Page) => Promise<unknown>) => {
        const start = Date.now();
        await page.goto(url);
        await ready(page);
        return Date.now() - start;
      };
      timings.list.push(await time(`${server.url}/admin/recent-order`, (p) => p.locator('tbody tr').first().waitFor()));
      bytes.list = js;
      const href = await page.getByRole('link', { name: 'View' }).first().getAttribute('href');
      js = 0;
      // A new context again: the order page opened cold, as from a link in a mail to staff.
      await context.close();
      const second = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      await second.addInitScript((user) => localStorage.setItem('user', user), stored);
      const orderPage = await second.newPage();
      orderPage.on('response', async (response) => {
        if (response.url().endsWith('.js')) js += Number((await response.allHeaders())['content-length'] ?? 0);
      });
      const start = Date.now();
      await orderPage.goto(`${server.url}${href}`);
      await orderPage.getByTestId('field-process_status').waitFor();
      timings.order.push(Date.now() - start);
      bytes = { ...bytes, order: js };
      await second.close();
      // The baseline in the same run, cold too: the bare app to its first row.
      const third = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      await third.addInitScript((user) => localStorage.setItem('user', user), stored);
      const barePage = await third.newPage();
      js = 0;
      barePage.on('response', async (response) => {
        if (response.url().endsWith('.js')) js += Number((await response.allHeaders())['content-length'] ?? 0);
      });
      const bareStart = Date.now();
      await barePage.goto(`${bare.url}/#/orders`);
      await barePage.locator('tbody tr').first().waitFor();
      timings.bare.push(Date.now() - bareStart);
      bytes = { ...bytes, bare: js };
      await third.close();
    }
    const ratio = (xs: number[]) => (median(xs) / median(timings.bare)).toFixed(2);
    console.log(
      `Cold loads in Chromium, ${RUNS} runs each (median / worst), load average ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores:`,
    );
    console.log(
      `  bare react-admin app to the first row: ${median(timings.bare)} / ${Math.max(...timings.bare)} ms, ${Math.round(bytes.bare / 1024)} KB of JavaScript sent (the baseline)`,
    );
    console.log(
      `  /admin/recent-order to the first row: ${median(timings.list)} / ${Math.max(...timings.list)} ms, ${Math.round(bytes.list / 1024)} KB of JavaScript sent, ${ratio(timings.list)}x the bare app`,
    );
    console.log(
      `  an order page to its Order Details:  ${median(timings.order)} / ${Math.max(...timings.order)} ms, ${Math.round(bytes.order / 1024)} KB of JavaScript sent, ${ratio(timings.order)}x the bare app`,
    );
    await printListRendering(browser, server.url, stored, RUNS);
  } finally {
    await browser.close();
    await bare.close();
    await server.kill('SIGTERM');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
