import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { QUEUES } from '@app/domain';
import { encodeId } from '@app/domain/idCodec';
import { browserAvailable, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { seriousViolations } from '../helpers/axe.js';

/** Widths every screen must fit without sideways page scroll; axe runs at the first and the last. */
const WIDTHS = [1366, 1024, 900, 768, 390];
const AXE_WIDTHS = new Set([1366, 390]);

/** How far the page scrolls sideways: nothing may stick out at the right edge. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Waits until the page has taken its layout at a new width (the sidebar turns into a slide-in panel under
 * 991 px): every transition that started has ended and two frames in a row have passed with none running.
 */
const layoutSettled = (page: Page) =>
  page.evaluate(async () => {
    // Spinners run for ever: only running animations with an end can settle.
    const moving = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity),
        );
    for (let quietFrames = 0; quietFrames < 2;) {
      await new Promise(requestAnimationFrame);
      const running = moving();
      quietFrames = running.length ? 0 : quietFrames + 1;
      await Promise.allSettled(running.map((animation) => animation.finished));
    }
  });

/** Waits until an opening panel has finished its transition (axe would read half-faded colours as low contrast). */
const settled = async (panel: Locator) => {
  await panel.waitFor();
  // Fades and slides are set on the panel or on a container around it: every ancestor must be done.
  const moving = (element: Element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.opacity !== '1' || !/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/.test(style.transform)) return true;
    }
    return false;
  };
  await expect.poll(() => panel.evaluate(moving)).toBe(false);
};

/** A panel or dialog checked while open: how it opens (answering what shows once it is), and how it closes. */
interface OpenPanel {
  name: string;
  widths: readonly number[];
  open: (page: Page) => Promise<Locator>;
  close: (page: Page, panel: Locator) => Promise<unknown>;
}

const PANEL_WIDTHS = [1366, 390] as const;
/** The Columns panel and the pack preview, wide and tall, are checked at tablet width too. */
const LARGE_PANEL_WIDTHS = [1366, 768, 390] as const;
const escape = (page: Page) => page.keyboard.press('Escape');
const closedBy = (button: string) => (_page: Page, panel: Locator) =>
  panel.getByRole('button', { name: button }).click();

/** Ids the screens' addresses need, read from the test database. */
interface Ids {
  completedOrder: number;
  teamMember: number;
  mailTemplate: number;
}

interface Screen {
  name: string;
  path: (ids: Ids) => string;
  /** What shows once the screen has its data. */
  ready: (page: Page) => Promise<unknown>;
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { level: 1, name }).waitFor();
/** A list has its rows, or says it has none (the old system's 'No records found', react-admin's 'No <resource> found'). */
const firstRow = (page: Page) =>
  page
    .locator('tbody tr')
    .or(page.getByText(/^No [\w ]+ found\.?$/))
    .first()
    .waitFor();

/** A form has drawn its inputs. */
const formInputs = (page: Page) => page.locator('form').getByRole('textbox').first().waitFor();

/** Every admin screen, as an Admin (who sees them all) reaches it. */
const SCREENS: Screen[] = [
  { name: 'Dashboard', path: () => '/admin', ready: firstRow },
  ...QUEUES.map((queue) => ({
    name: queue.label,
    path: () => `/admin/${queue.route}`,
    ready: queue.columns === 'future' ? heading('Future Order') : firstRow,
  })),
  {
    name: 'View order',
    path: (ids) => `/admin/view-order/${encodeId(ids.completedOrder)}`,
    ready: (page) => page.getByTestId('section-orderDetails').waitFor(),
  },
  { name: 'Country Order List', path: () => '/admin/country-report', ready: firstRow },
  { name: 'Order Processed', path: () => '/admin/processed-by-report', ready: firstRow },
  { name: 'Send Invoice', path: () => '/admin/send-invoice', ready: heading('Send Invoice') },
  { name: 'Manage Team', path: () => '/admin/team-members', ready: firstRow },
  { name: 'Manage Team, edit', path: (ids) => `/admin/team-members/${ids.teamMember}`, ready: firstRow },
  {
    name: 'Gateway Setting',
    path: () => '/admin/gateways',
    ready: (page) => page.getByTestId('active-gateway').getByText(/\w/).waitFor(),
  },
  { name: 'Change Password', path: () => '/admin/change-password', ready: heading('Update Password') },
  {
    name: 'My sessions and security',
    path: () => '/admin/account-security',
    ready: (page) => page.getByRole('button', { name: 'Save' }).waitFor(),
  },
  { name: 'Audit Log', path: () => '/admin/audit-events', ready: firstRow },
  // The Configuration area: its lists, and its forms with their every input.
  { name: 'Order fields', path: () => '/admin/order-fields', ready: firstRow },
  { name: 'Order fields, create', path: () => '/admin/order-fields/create', ready: formInputs },
  { name: 'Order fields, edit a built-in', path: () => '/admin/order-fields/email', ready: formInputs },
  // A custom field's key is shown disabled, its help beneath it.
  { name: 'Order fields, edit a custom field', path: () => '/admin/order-fields/risk_level', ready: formInputs },
  { name: 'Custom queues', path: () => '/admin/custom-queues', ready: firstRow },
  { name: 'Custom queues, create', path: () => '/admin/custom-queues/create', ready: formInputs },
  { name: 'Mail templates', path: () => '/admin/mail-templates', ready: firstRow },
  // The form, its preview panel and its versions.
  {
    name: 'Mail templates, edit',
    path: (ids) => `/admin/mail-templates/${ids.mailTemplate}`,
    ready: (page) => page.getByTestId('version-1').waitFor(),
  },
  {
    name: 'Data retention',
    path: () => '/admin/retention-settings',
    ready: (page) => page.locator('form').getByRole('spinbutton').first().waitFor(),
  },
];

/**
 * Every admin screen (signed in as an Admin, who sees them all) and the sign-in and visitor pages, at five
 * widths: none scrolls sideways, and axe-core finds no critical or serious violation at 1366 and 390 px.
 */
describe.skipIf(!browserAvailable())('accessibility and fit of every screen in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: Page;
  let ids: Ids;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    const completed = await server
      .db('orders as o')
      .join('uploaded_documents as d', 'd.order_id', 'o.order_id')
      .where('o.process_status', 'Completed')
      .orderBy('o.order_id', 'desc')
      .first('o.order_id');
    const member = await server.db('team_members').where({ email: 'team@demo.test' }).first('id');
    const template = await server.db('mail_templates').where({ template_key: 'approval', language: 'th' }).first('id');
    ids = { completedOrder: completed.order_id, teamMember: member.id, mailTemplate: template.id };
    const created = await server.call(await server.login('admin@demo.test'), {
      method: 'POST',
      url: '/api/order-fields',
      payload: { id: 'risk_level', label: 'Risk level', type: 'choice', choices: ['Low', 'High'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    admin = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(admin, server.url, 'admin@demo.test');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Checks one loaded screen at every width; answers what failed. */
  async function check(page: Page, name: string): Promise<string[]> {
    const failures: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await layoutSettled(page);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) failures.push(`${name} at ${width} px scrolls sideways by ${overflow} px`);
      if (AXE_WIDTHS.has(width)) {
        for (const violation of await seriousViolations(page)) failures.push(`${name} at ${width} px: ${violation}`);
        await screenshot(page, `axe-${name.toLowerCase().replace(/\W+/g, '-')}-${width}`);
      }
    }
    return failures;
  }

  it('the sign-in page', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const failures = await check(page, 'Sign-in');
    // The validation messages are part of the page too.
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email Address is required').waitFor();
    failures.push(...(await seriousViolations(page)).map((violation) => `Sign-in with messages: ${violation}`));
    await page.close();
    expect(failures).toEqual([]);
  });

  it.each(SCREENS)('$name', async (screen) => {
    await admin.setViewportSize({ width: 1366, height: 900 });
    await admin.goto(`${server.url}${screen.path(ids)}`);
    await screen.ready(admin);
    expect(await check(admin, screen.name)).toEqual([]);
  });

  it('the header menus, search everywhere, the shortcut help and the sidebar panel', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page, server.url, 'manager@demo.test');
    await page.getByRole('button', { name: 'Demo Manager' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    const failures = (await seriousViolations(page)).map((violation) => `user menu: ${violation}`);
    await page.keyboard.press('Escape');
    // Search everywhere with its grouped results, then the shortcut help.
    await page.getByTestId('search-open').click();
    await page.getByTestId('search-input').fill('Demo');
    await page.getByTestId('search-dialog').getByRole('option').first().waitFor();
    failures.push(...(await seriousViolations(page)).map((violation) => `search everywhere: ${violation}`));
    await page.keyboard.press('Escape');
    await page.getByTestId('search-dialog').waitFor({ state: 'detached' });
    await page.keyboard.press('?');
    await page.getByTestId('shortcuts-help').getByRole('table').waitFor();
    failures.push(...(await seriousViolations(page)).map((violation) => `shortcut help: ${violation}`));
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/admin/called`);
    await page.locator('.RaAppBar-menuButton').click();
    await page.getByTestId('sidebar').waitFor();
    failures.push(...(await seriousViolations(page)).map((violation) => `sidebar panel: ${violation}`));
    await page.close();
    expect(failures).toEqual([]);
  });

  /** Opens each panel at each of its widths (the screen reloaded at that width), runs axe, closes it again. */
  async function checkPanels(page: Page, path: string, ready: (page: Page) => Promise<unknown>, panels: OpenPanel[]) {
    const failures: string[] = [];
    for (const width of new Set(panels.flatMap((panel) => panel.widths))) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}${path}`);
      await ready(page);
      for (const panel of panels.filter((candidate) => candidate.widths.includes(width))) {
        const open = await panel.open(page);
        await settled(open);
        for (const violation of await seriousViolations(page)) {
          failures.push(`${panel.name} on ${path} at ${width} px: ${violation}`);
        }
        await screenshot(page, `axe-open-${`${path} ${panel.name}`.toLowerCase().replace(/\W+/g, '-')}-${width}`);
        await panel.close(page, open);
        await open.waitFor({ state: 'hidden' });
      }
    }
    return failures;
  }

  const columnsPanel: OpenPanel = {
    name: 'Columns panel',
    widths: LARGE_PANEL_WIDTHS,
    open: async (page) => {
      await page.getByRole('button', { name: 'Columns' }).click();
      // This app's panel (checkboxes) or react-admin's own (switches), where a list still has that one.
      return page.locator('.MuiPopover-paper').filter({ has: page.locator('input[type=checkbox]') });
    },
    close: escape,
  };

  it('open panels of a queue: columns, filters, saved queries, the delete and assign confirms', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page, server.url, 'admin@demo.test');
    const failures = await checkPanels(page, '/admin/recent-order', firstRow, [
      columnsPanel,
      {
        name: 'Add filter menu',
        widths: PANEL_WIDTHS,
        open: async (page) => {
          await page.getByRole('button', { name: 'Add filter' }).click();
          return page.locator('.MuiMenu-paper');
        },
        close: escape,
      },
      {
        name: 'Shown filter',
        widths: PANEL_WIDTHS,
        open: async (page) => {
          await page.getByRole('button', { name: 'Add filter' }).click();
          await page.locator('.MuiMenu-paper [role^=menuitem]').filter({ hasText: 'Status' }).click();
          await page.locator('.MuiMenu-paper').waitFor({ state: 'hidden' });
          return page.locator('.filter-field[data-source]').filter({ hasText: 'Status' });
        },
        // The filter's own remove button takes it away again.
        close: (_page, input) => input.locator('.hide-filter').click(),
      },
      {
        name: 'Saved queries menu',
        widths: PANEL_WIDTHS,
        open: async (page) => {
          await page.getByRole('button', { name: 'Saved queries' }).click();
          return page.locator('.MuiPopover-paper').filter({ hasText: 'Save current query' });
        },
        close: escape,
      },
      {
        name: 'Save query dialog',
        widths: PANEL_WIDTHS,
        open: async (page) => {
          await page.getByRole('button', { name: 'Saved queries' }).click();
          await page.getByRole('button', { name: 'Save current query…' }).click();
          return page.getByRole('dialog').filter({ hasText: 'Save current query as' });
        },
        close: async (page, dialog) => {
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          await escape(page);
        },
      },
      {
        name: 'Delete confirm',
        widths: PANEL_WIDTHS,
        open: async (page) => {
          await page.getByTestId('row-delete').first().click();
          return page.getByRole('dialog').filter({ hasText: 'Are you sure you want to delete?' });
        },
        close: closedBy('Cancel'),
      },
      {
        name: 'Assign confirm',
        widths: PANEL_WIDTHS,
        open: async (page) => {
          await page.locator('tbody tr').first().getByRole('checkbox').check();
          await page.getByTestId('bulk-assign').click();
          return page.getByRole('dialog').filter({ hasText: 'Are you sure want to assigned orders.' });
        },
        close: async (page, dialog) => {
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          await page.locator('tbody tr').first().getByRole('checkbox').uncheck();
        },
      },
    ]);
    await page.close();
    expect(failures).toEqual([]);
  });

  it('the Columns panel of the other lists', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page, server.url, 'admin@demo.test');
    const failures = [
      ...(await checkPanels(page, '/admin/team-members', firstRow, [columnsPanel])),
      ...(await checkPanels(page, '/admin/audit-events', firstRow, [columnsPanel])),
      ...(await checkPanels(page, '/admin/country-report', firstRow, [columnsPanel])),
    ];
    await page.close();
    expect(failures).toEqual([]);
  });

  it('open dialogs of the order page: the defence pack preview, the delete confirm, email content, transaction details', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page, server.url, 'admin@demo.test');
    const actions = (page: Page) => page.getByTestId('order-actions');
    const failures = await checkPanels(
      page,
      `/admin/view-order/${encodeId(ids.completedOrder)}`,
      (page) => page.getByTestId('section-orderDetails').waitFor(),
      [
        {
          name: 'Defence pack preview',
          widths: LARGE_PANEL_WIDTHS,
          open: async (page) => {
            await page.getByTestId('defence-pack-1').click();
            const preview = page.getByTestId('defence-pack-preview');
            // The pages are drawn, their text laid over them.
            await preview.locator('.react-pdf__Page__textContent').first().getByText(/\w/).first().waitFor();
            return preview.getByRole('dialog');
          },
          close: closedBy('Close'),
        },
        {
          name: 'Order delete confirm',
          widths: PANEL_WIDTHS,
          open: async (page) => {
            await actions(page).getByRole('button', { name: 'Delete', exact: true }).click();
            return page.getByRole('dialog').filter({ hasText: 'Are you sure you want to delete?' });
          },
          close: closedBy('Cancel'),
        },
        {
          name: 'Email content',
          widths: PANEL_WIDTHS,
          open: async (page) => {
            await actions(page).getByRole('button', { name: 'View Email Content' }).click();
            return page.getByRole('dialog');
          },
          close: closedBy('Close'),
        },
        {
          name: 'Transaction details',
          widths: PANEL_WIDTHS,
          open: async (page) => {
            await actions(page).getByRole('button', { name: 'Enter Transaction Details' }).click();
            return page.getByRole('dialog');
          },
          close: closedBy('Cancel'),
        },
      ],
    );
    await page.close();
    expect(failures).toEqual([]);
  });

  it('the user menu and its time zone dialog, and the sidebar panel on a phone', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page, server.url, 'admin@demo.test');
    // The member's name on wide screens, react-admin's "Profile" on phones.
    const userButton = (page: Page) => page.locator('header').getByRole('button', { name: /^(Demo Admin|Profile)$/ });
    const userMenu: OpenPanel = {
      name: 'User menu',
      widths: PANEL_WIDTHS,
      open: async (page) => {
        // The header slides away while the page scrolls down.
        await page.evaluate(() => window.scrollTo(0, 0));
        await userButton(page).click();
        return page.locator('.MuiMenu-paper');
      },
      close: escape,
    };
    const failures = await checkPanels(page, '/admin/recent-order', firstRow, [
      userMenu,
      {
        name: 'Time zone dialog',
        widths: PANEL_WIDTHS,
        open: async (page) => {
          await page.evaluate(() => window.scrollTo(0, 0));
          await userButton(page).click();
          await page.getByRole('menuitem', { name: /Time zone/ }).click();
          const dialog = page.getByRole('dialog', { name: 'Time zone' });
          await dialog.getByRole('combobox', { name: 'Time zone' }).click();
          await page.getByRole('listbox').waitFor();
          return dialog;
        },
        close: async (page, dialog) => {
          await escape(page);
          await page.getByRole('listbox').waitFor({ state: 'hidden' });
          await dialog.getByRole('button', { name: 'Cancel' }).click();
        },
      },
      {
        name: 'Sidebar panel',
        widths: [390],
        open: async (page) => {
          await page.locator('.RaAppBar-menuButton').click();
          return page.locator('.MuiDrawer-paper').filter({ has: page.getByTestId('sidebar') });
        },
        close: escape,
      },
    ]);
    await page.close();
    expect(failures).toEqual([]);
  });

  it('the visitor pages', async () => {
    const order = await server
      .db('orders as o')
      .join('uploaded_documents as d', 'd.order_id', 'o.order_id')
      .where('o.process_status', 'Completed')
      .orderBy('o.order_id', 'desc')
      .first('o.order_id', 'o.email');
    const page = await browser.newPage();
    await page.goto(`${server.url}/track-order/${encodeId(order.order_id)}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const failures = await check(page, 'Track order');
    await page.getByLabel('Email').fill(order.email);
    await page.getByRole('button', { name: 'TRACK ORDER' }).click();
    await page.waitForURL(`**/get-new-order-details/${encodeId(order.order_id)}`);
    await page.getByTestId('download-history').locator('tbody tr').first().waitFor();
    failures.push(...(await check(page, 'Order details')));
    await page.close();
    expect(failures).toEqual([]);
  });
});
