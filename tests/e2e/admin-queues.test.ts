import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { encodeId } from '@app/domain';
import { browserAvailable, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const DESKTOP = { width: 1366, height: 768 };

interface ListAnswer {
  data: Array<{ order_id: number; email: string; assignee_id: number | null; process_status: string }>;
  total: number;
}

/** The order ids shown in the table, top to bottom. */
const shownIds = (page: Page) => page.getByTestId('order-id').allTextContents();

describe.skipIf(!browserAvailable())('admin queues in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const tokens: Record<string, string> = {};
  const api = async (email: string, url: string, payload?: object): Promise<ListAnswer & { data: never }> => {
    tokens[email] ??= await server.login(email);
    const res = await server.call(tokens[email]!, { method: payload ? 'POST' : 'GET', url, payload });
    return res.json();
  };
  const list = (email: string, orderName: string, query = 'page=1&limit=10') =>
    api(email, `/api/admin/get-orders-list/${orderName}?${query}`) as Promise<ListAnswer>;
  const details = async (email: string, orderId: number) =>
    (await api(email, `/api/admin/get-orders-details/${orderId}`)).data as unknown as {
      process_status: string;
      assign_to: string | null;
    };

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens three queues with their title, tab title, rows and totals from the API', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'team@demo.test');
    for (const [label, orderName] of [
      ['Awaiting Govt', 'awaitingGovtOrder'],
      ['Charge Back', 'chargeBack'],
      ['Order History', 'allOrder'],
    ] as const) {
      await page.getByTestId('sidebar').getByText(label, { exact: true }).click();
      await page.getByRole('heading', { name: label }).waitFor();
      const expected = await list('team@demo.test', orderName);
      await expect
        .poll(() => shownIds(page), { timeout: 15_000 })
        .toEqual(expected.data.map((row) => String(row.order_id)));
      expect(await page.getByTestId('showing').textContent()).toBe(`Showing 1 to 10 of ${expected.total} entries`);
      expect(await page.title()).toBe('Arrival Card Back-office');
    }
    // 'Awaiting' reads 'Awaiting Customer'.
    await page.getByTestId('sidebar').getByText('Awaiting Customer', { exact: true }).click();
    await page.getByRole('heading', { name: 'Awaiting Customer' }).waitFor();
    await page.locator('tbody tr').first().getByText('Awaiting Customer').waitFor();
    await page.close();
  });

  it('pages Order History: the next page, 25 rows, All, and the collapsed page buttons', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'manager@demo.test');
    await page.goto(`${server.url}/admin/order-history`);
    const first = await list('manager@demo.test', 'allOrder');
    await expect.poll(() => shownIds(page), { timeout: 15_000 }).toEqual(first.data.map((row) => String(row.order_id)));
    const pages = Math.ceil(first.total / 10);
    // Sibling count 1: 1 2 3 4 5 … last on the first page.
    expect(await page.getByRole('navigation', { name: 'Pages' }).getByRole('button').allTextContents()).toEqual([
      'Previous',
      '1',
      '2',
      '3',
      '4',
      '5',
      String(pages),
      'Next',
    ]);
    await expect.poll(() => page.getByRole('navigation', { name: 'Pages' }).textContent()).toContain('…');

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const second = await list('manager@demo.test', 'allOrder', 'page=2&limit=10');
    await expect
      .poll(() => shownIds(page), { timeout: 15_000 })
      .toEqual(second.data.map((row) => String(row.order_id)));
    expect(await page.getByTestId('showing').textContent()).toBe(`Showing 11 to 20 of ${first.total} entries`);

    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['10', '25', '50', '100', '500', 'All']);
    await page.getByRole('option', { name: '25' }).click();
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 15_000 }).toBe(25);

    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: 'All' }).click();
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 20_000 }).toBe(first.total);
    expect(await page.getByTestId('showing').textContent()).toBe(
      `Showing 1 to ${first.total} of ${first.total} entries`,
    );
    await page.close();
  });

  it('searches after the typing stops and shows the empty texts for no match', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'team@demo.test');
    await page.goto(`${server.url}/admin/completed-order`);
    const completed = await list('team@demo.test', 'completedOrder');
    await expect
      .poll(() => shownIds(page), { timeout: 15_000 })
      .toEqual(completed.data.map((row) => String(row.order_id)));
    const target = completed.data[3]!;
    const search = page.getByPlaceholder('Search', { exact: true });
    // The search is the orders resource's `q` filter (the matching of search-order).
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/orders') searches.push(JSON.parse(url.searchParams.get('filter') ?? '{}').q ?? '');
    });
    // Typing faster than the 500 ms debounce sends one search, for the whole text.
    await search.pressSequentially(target.email, { delay: 40 });
    const found = (await api('team@demo.test', '/api/admin/search-order', {
      start: 0,
      end: 10,
      searchVal: target.email,
      folderName: 'completedOrder',
    })) as ListAnswer;
    expect(found.data.map((row) => row.order_id)).toContain(target.order_id);
    // A part of the address may already show the same rows: the search for the whole of it is awaited.
    await expect.poll(() => searches.at(-1), { timeout: 15_000 }).toBe(target.email);
    await expect.poll(() => shownIds(page), { timeout: 15_000 }).toEqual(found.data.map((row) => String(row.order_id)));
    // (On a busy machine a pause in the typing may send one more; never one per key.)
    const sent = searches.filter(Boolean);
    expect(sent.length).toBeLessThan(target.email.length / 4);

    await search.fill('zz-no-such-customer');
    await page.getByTestId('empty-table').waitFor();
    expect(await page.getByText('No records found').isVisible()).toBe(true);
    const noData = page.getByText('No data available in table');
    // Red: the theme's error red, dark enough for 4.5:1 on white.
    const [red, green, blue] = (await noData.evaluate((node) => getComputedStyle(node).color))
      .match(/\d+/g)!
      .map(Number);
    expect(red).toBeGreaterThan(150);
    expect(Math.max(green!, blue!)).toBeLessThan(60);

    await search.fill('');
    await expect
      .poll(() => shownIds(page), { timeout: 15_000 })
      .toEqual(completed.data.map((row) => String(row.order_id)));
    await page.close();
  });

  it('assigns an unassigned new order to me after the confirm text, greys it and counts it in My Orders', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'team@demo.test');
    await page.goto(`${server.url}/admin/recent-order`);
    const newOrders = await list('team@demo.test', 'newOrder');
    await expect
      .poll(() => shownIds(page), { timeout: 15_000 })
      .toEqual(newOrders.data.map((row) => String(row.order_id)));
    const target = newOrders.data.find((row) => row.assignee_id == null)!;
    const before = (await api('team@demo.test', '/api/admin/get-folder-count')).data as unknown as Record<
      string,
      number
    >;

    // Team members see Assign to me but no Delete (docs/product.md#roles-and-permissions).
    expect(await page.getByTestId('row-delete').count()).toBe(0);
    const row = page.locator('tbody tr', { hasText: String(target.order_id) });
    await row.getByRole('checkbox').check();
    expect(await page.getByTestId('bulk-delete').count()).toBe(0);
    await page.getByTestId('bulk-assign').click();
    await page.getByText('Are you sure want to assigned orders.').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Order has been assigned successfully').waitFor();

    expect((await details('team@demo.test', target.order_id)).assign_to).toBe('Demo Team');
    await row.getByText('Demo Team').waitFor();
    await expect
      .poll(() =>
        row
          .locator('td')
          .nth(1)
          .evaluate((cell) => getComputedStyle(cell).backgroundColor),
      )
      .not.toBe('rgb(255, 255, 255)');
    await page.getByTestId('sidebar').getByText('Dashboard', { exact: true }).click();
    await expect
      .poll(() => page.getByTestId('tile-count-myOrdersCount').textContent())
      .toBe(String(before.myOrdersCount! + 1));
    await screenshot(page, 'admin-after-assign-1366');
    await page.close();
  });

  it('deletes an order as Manager after the confirm text and removes it from the list and the count', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'manager@demo.test');
    await page.goto(`${server.url}/admin/contact-customer`);
    const queue = await list('manager@demo.test', 'contactCustomer');
    await expect.poll(() => shownIds(page), { timeout: 15_000 }).toEqual(queue.data.map((row) => String(row.order_id)));
    const target = queue.data[0]!;
    const countChip = page.getByTestId('count-contactCustomerOrdersCount');
    await expect.poll(() => countChip.textContent()).toBe(String(queue.total));

    await page
      .locator('tbody tr', { hasText: String(target.order_id) })
      .getByTestId('row-delete')
      .click();
    await page.getByText('Are you sure you want to delete?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Order has been deleted successfully').waitFor();

    await expect.poll(() => shownIds(page)).not.toContain(String(target.order_id));
    expect((await details('manager@demo.test', target.order_id)).process_status).toBe('Deleted');
    await expect.poll(() => countChip.textContent()).toBe(String(queue.total - 1));
    await screenshot(page, 'admin-queue-after-delete-1366');
    await page.close();
  });

  it('opens a future month from its tile, then Back; View opens the encoded order link', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'admin@demo.test');
    await page.getByTestId('sidebar').getByText('Future Orders', { exact: true }).click();
    await page.getByRole('heading', { name: 'Future Order' }).waitFor();
    const months = (await api('admin@demo.test', '/api/admin/get-future-order-months')).data as unknown as Array<{
      month: string;
      count: number;
    }>;
    // Twelve months and Later: together they hold every future order the sidebar counts.
    expect(await page.locator('[data-testid^="month-"]').count()).toBe(13);
    const counts = (await api('admin@demo.test', '/api/admin/get-folder-count')).data as unknown as Record<
      string,
      number
    >;
    const inMonths = months.reduce((sum, entry) => sum + entry.count, 0);
    await expect
      .poll(() => page.getByTestId('month-later').textContent())
      .toContain(String(counts.futureOrdersCount! - inMonths));
    const month = months.find((entry) => entry.count > 0)!;
    await page.getByTestId(`month-${month.month}`).click();
    // The month's table is the orders resource over the month's processing dates.
    const monthStart = `${month.month}-01`;
    const monthEnd = new Date(Date.UTC(Number(month.month.slice(0, 4)), Number(month.month.slice(5)), 0))
      .toISOString()
      .slice(0, 10);
    const filter = { queue: 'futureOrder', processing_date_gte: monthStart, processing_date_lte: monthEnd };
    const monthRows = (await api(
      'admin@demo.test',
      `/api/orders?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,9]&sort=["order_id","DESC"]`,
    )) as unknown as Array<{ order_id: number; processing_date: string }>;
    expect(monthRows.length).toBe(Math.min(month.count, 10));
    expect(monthRows.every((row) => row.processing_date.startsWith(month.month))).toBe(true);
    const rows = { data: monthRows };
    await expect.poll(() => shownIds(page), { timeout: 15_000 }).toEqual(rows.data.map((row) => String(row.order_id)));
    // The month's search stays inside the month: a customer of another month is not found here.
    const other = (await list('admin@demo.test', 'futureOrder', 'page=1&limit=500')).data.find(
      (row) => !(row as unknown as { processing_date: string }).processing_date.startsWith(month.month),
    );
    if (other) {
      await page.getByPlaceholder('Search', { exact: true }).fill(String(other.order_id));
      await page.getByTestId('empty-table').waitFor();
      await page.getByPlaceholder('Search', { exact: true }).fill('');
      await expect
        .poll(() => shownIds(page), { timeout: 15_000 })
        .toEqual(rows.data.map((row) => String(row.order_id)));
    }
    expect((await page.locator('thead th').allTextContents()).slice(1)).toEqual([
      'Order Id',
      'Name',
      'Email',
      'Telephone',
      'Date & Time',
      'Processing Date',
      'Process Month',
      'Status',
      'Action',
    ]);
    await page.getByTestId('back').click();
    await page.getByTestId(`month-${month.month}`).waitFor();

    await page.goto(`${server.url}/admin/priority-order`);
    const priority = await list('admin@demo.test', 'priorityOrder');
    const first = priority.data[0]!;
    await page
      .locator('tbody tr', { hasText: String(first.order_id) })
      .getByTestId('view-order')
      .click();
    await page.waitForURL(`${server.url}/admin/view-order/${encodeURIComponent(encodeId(first.order_id))}`);
    await page.close();
  });
});
