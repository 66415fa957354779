import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { QUEUES, ROLES, can, type Permission, type Role } from '@app/domain';
import { encodeId } from '@app/domain/idCodec';
import { browserAvailable, launchBrowser, signIn } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** The demo account of each role (seeds). */
const ACCOUNTS: Record<Role, string> = {
  Admin: 'admin@demo.test',
  Manager: 'manager@demo.test',
  Team: 'team@demo.test',
  Telecaller: 'telecaller@demo.test',
  'Night Staff': 'night@demo.test',
};

/** Ids the addresses need, read from the test database. */
interface Ids {
  order: number;
  teamMember: number;
}

interface Screen {
  /** The address under /admin. */
  path: (ids: Ids) => string;
  /** The screen's title, its page heading. */
  heading: string | RegExp;
  /** What shows once the screen has its data, beyond the heading. */
  ready?: (page: Page) => Promise<unknown>;
  /** The permission that opens it (docs/product.md#roles-and-permissions); none: every role. */
  permission?: Permission;
}

/** A list has its rows, or says it has none. */
const firstRow = (page: Page) => page.locator('tbody tr').or(page.getByText('No records found')).first().waitFor();

/** Every address of the admin: the queues and the order page at the old system's, the other screens at their API names. */
const SCREENS: Screen[] = [
  { path: () => '', heading: 'Dashboard', ready: firstRow },
  ...QUEUES.map((queue): Screen => ({
    path: () => queue.route,
    heading: queue.columns === 'future' ? 'Future Order' : queue.label,
    ready: queue.columns === 'future' ? (page) => page.getByTestId('month-later').waitFor() : firstRow,
    permission: queue.permission,
  })),
  {
    path: (ids) => `view-order/${encodeId(ids.order)}`,
    heading: /^View Order/,
    ready: (page) => page.getByTestId('section-orderDetails').waitFor(),
  },
  { path: () => 'country-report', heading: 'Country Order Details', permission: 'reports.country' },
  {
    path: () => 'processed-by-report',
    heading: 'Processed By',
    ready: (page) => page.getByTestId('report-table').waitFor(),
    permission: 'reports.processedBy',
  },
  { path: () => 'send-invoice', heading: 'Send Invoice', permission: 'invoices.send' },
  {
    path: () => 'team-members',
    heading: 'Manage Team',
    ready: (page) => page.getByTestId('team-list').locator('tbody tr').first().waitFor(),
    permission: 'team.manage',
  },
  {
    path: (ids) => `team-members/${ids.teamMember}`,
    heading: 'Manage Team',
    ready: (page) => page.getByRole('heading', { name: 'Edit Team Member' }).waitFor(),
    permission: 'team.manage',
  },
  {
    path: () => 'gateways',
    heading: 'Change Gateway',
    ready: (page) => page.getByTestId('active-gateway').getByText(/\w/).waitFor(),
    permission: 'gateways.manage',
  },
  { path: () => 'change-password', heading: 'Update Password', permission: 'account.changePassword' },
  { path: () => 'audit-events', heading: 'Audit Log', ready: firstRow, permission: 'audit.read' },
];

/** The old system's addresses staff bookmarked (the alias table, admin/src/routes.ts), and where each lands. */
const REDIRECTS: Array<{ from: (ids: Ids) => string; to: (ids: Ids) => string }> = [
  { from: () => 'manage-team', to: () => 'team-members' },
  { from: (ids) => `manage-team/${ids.teamMember}`, to: (ids) => `team-members/${ids.teamMember}` },
  { from: () => 'gateway-setting', to: () => 'gateways' },
  { from: () => 'country-order-list', to: () => 'country-report' },
  { from: () => 'processed-order', to: () => 'processed-by-report' },
  { from: () => 'orders', to: () => 'order-history' },
  { from: (ids) => `orders/${ids.order}/show`, to: (ids) => `view-order/${encodeId(ids.order)}` },
];

const pageHeading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name, exact: true });
const withoutTrailingSlash = (path: string) => path.replace(/\/$/, '');

describe.skipIf(!browserAvailable())('every admin address opens its screen, for the roles it is for', () => {
  let server: TestServer;
  let browser: Browser;
  let ids: Ids;
  const pages = new Map<Role, Page>();
  /** One signed-in tab per role, reused from address to address. */
  const pageOf = async (role: Role) => {
    let page = pages.get(role);
    if (!page) {
      page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
      await signIn(page, server.url, ACCOUNTS[role]);
      pages.set(role, page);
    }
    return page;
  };
  const open = async (role: Role, path: string) => {
    const page = await pageOf(role);
    await page.goto(`${server.url}/admin/${path}`);
    return page;
  };

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    const order = await server.db('orders').orderBy('order_id', 'desc').first('order_id');
    const member = await server.db('team_members').where({ email: 'team@demo.test' }).first('id');
    ids = { order: order.order_id, teamMember: member.id };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each(SCREENS.map((screen) => [screen.path({ order: 1, teamMember: 1 }) || '(home)', screen] as const))(
    'an Admin opens /admin/%s and sees its screen',
    async (_name, screen) => {
      const page = await open('Admin', screen.path(ids));
      await pageHeading(page, screen.heading).waitFor();
      await screen.ready?.(page);
      // The screen is at its own address, not behind a redirect.
      expect(withoutTrailingSlash(new URL(page.url()).pathname)).toBe(
        withoutTrailingSlash(`/admin/${screen.path(ids)}`),
      );
    },
  );

  /** The screens some role may not open, with the first such role (Country Order List and Send Invoice are everyone's). */
  const guarded = SCREENS.flatMap((screen) => {
    const role = ROLES.find((candidate) => screen.permission && !can(candidate, screen.permission));
    return role ? [{ ...screen, deniedTo: role }] : [];
  });
  it.each(guarded.map((screen) => [screen.path({ order: 1, teamMember: 1 }), screen] as const))(
    'a role without access to /admin/%s gets Access Denied instead of the screen',
    async (_name, screen) => {
      const page = await open(screen.deniedTo, screen.path(ids));
      await page
        .getByText(/Access denied/i)
        .first()
        .waitFor();
      expect(await pageHeading(page, screen.heading).count()).toBe(0);
    },
  );

  it.each(['no-such-screen', 'custom-no-such-queue'])(
    "an address that opens no screen (/admin/%s) says so in the admin's words, with a way back",
    async (path) => {
      // A custom queue the role may not open is, to that role, an address that leads nowhere.
      const page = await open('Team', path);
      await pageHeading(page, 'Page not found').waitFor();
      await page.getByTestId('not-found').getByRole('button', { name: 'Back' }).waitFor();
      expect(await page.getByText('React Admin').count()).toBe(0);
    },
  );

  it.each(REDIRECTS.map((redirect) => [redirect.from({ order: 1, teamMember: 1 }), redirect] as const))(
    'the address /admin/%s leads to its screen',
    async (_name, redirect) => {
      const page = await open('Admin', redirect.from(ids));
      await page.waitForURL(`${server.url}/admin/${redirect.to(ids)}`);
    },
  );
});
