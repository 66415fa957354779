/**
 * How long a queue table takes to show a page size, to tick a row and to go back to 10 rows, in Chromium
 * (any page size the old system offers shows, selects and leaves within 1 s). Each figure is taken in the
 * page, from the click to the first frame painted with the rows (or the tick) in place: the API answers
 * within the figure. Part of `npm run bench:admin`; alone: BASE_URL=http://127.0.0.1:3000 node --import tsx
 * tests/bench/listRender.ts (the server there must hold the demo accounts).
 */
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Clicks what `select` finds in the page and answers the ms until a painted frame satisfies `done`. Sent as
 * text: tsx would wrap a function's inner functions in a helper the page does not have.
 */
const TIME_CLICK = `async ({ select, optionText, done }) => {
  const target = [...document.querySelectorAll(select)].find(
    (element) => optionText === null || element.textContent.trim() === optionText,
  );
  if (!target) throw new Error('nothing matches ' + select + ' ' + (optionText ?? ''));
  const isDone = new Function('return (' + done + ')');
  const start = performance.now();
  target.click();
  await new Promise((resolve) => {
    const check = () => (isDone() ? resolve() : requestAnimationFrame(check));
    requestAnimationFrame(check);
  });
  // The frame with the rows in place has been painted once the next one starts.
  await new Promise((resolve) => requestAnimationFrame(resolve));
  return performance.now() - start;
}`;

const timeClick = (page: Page, select: string, optionText: string | null, done: string): Promise<number> =>
  page.evaluate(`(${TIME_CLICK})(${JSON.stringify({ select, optionText, done })})`);

const rowsShown = (count: number) => `document.querySelectorAll('tbody tr').length === ${count}`;

/** Picks a rows-per-page choice and answers the ms until that many rows (or the whole queue) show. */
async function showRows(page: Page, choice: string, rows: number) {
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: choice, exact: true }).waitFor();
  return timeClick(page, '[role="option"]', choice, rowsShown(rows));
}

/** The figures for one run as a Manager on Order History (every order but the deleted ones). */
export async function timeListRendering(browser: Browser, baseUrl: string, storedUser: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript((user) => localStorage.setItem('user', user), storedUser);
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/admin/order-history`);
    await page.locator('tbody tr').first().waitFor();
    const total = Number(
      (await page.getByTestId('showing').textContent())!.match(/of ([\d,]+)/)![1]!.replace(/,/g, ''),
    );
    const figures: Record<string, number> = {};
    figures['100 rows'] = await showRows(page, '100', Math.min(100, total));
    figures['500 rows'] = await showRows(page, '500', Math.min(500, total));
    // Ticks the first row's checkbox with the 500 (here: the whole queue) shown.
    figures['tick a row, 500 shown'] = await timeClick(
      page,
      'tbody tr:first-child input[type="checkbox"]',
      null,
      `document.querySelector('tbody tr:first-child input[type="checkbox"]').checked && !!document.querySelector('.RaBulkActionsToolbar-toolbar:not(.RaBulkActionsToolbar-collapsed)')`,
    );
    figures['untick it'] = await timeClick(
      page,
      'tbody tr:first-child input[type="checkbox"]',
      null,
      `!document.querySelector('tbody tr:first-child input[type="checkbox"]').checked`,
    );
    figures['back to 10 rows'] = await showRows(page, '10', 10);
    figures['All rows'] = await showRows(page, 'All', total);
    figures['All back to 10 rows'] = await showRows(page, '10', 10);
    return { total, figures };
  } finally {
    await context.close();
  }
}

/** Runs `timeListRendering` `runs` times and prints each figure's median and worst. */
export async function printListRendering(browser: Browser, baseUrl: string, storedUser: string, runs: number) {
  const all: Record<string, number[]> = {};
  let total = 0;
  for (let run = 0; run < runs; run++) {
    const result = await timeListRendering(browser, baseUrl, storedUser);
    total = result.total;
    for (const [name, ms] of Object.entries(result.figures)) (all[name] ??= []).push(ms);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`Order History (${total} orders) at 1366 px, click to painted frame, ${runs} runs (median / worst):`);
  for (const [name, xs] of Object.entries(all))
    console.log(`  ${name.padEnd(24)} ${Math.round(median(xs))} / ${Math.round(Math.max(...xs))} ms`);
}

/** A Manager's stored sign-in for the admin, as the login page keeps it. */
export async function managerSignIn(baseUrl: string) {
  const login = await fetch(`${baseUrl}/api/admin/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'manager@demo.test', password: 'demo1234' }),
  }).then((r) => r.json() as Promise<{ token: string; data: unknown }>);
  return JSON.stringify({ accessToken: login.token, ...(login.data as object) });
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    await printListRendering(browser, baseUrl, await managerSignIn(baseUrl), Number(process.env.RUNS ?? 3));
  } finally {
    await browser.close();
  }
}
