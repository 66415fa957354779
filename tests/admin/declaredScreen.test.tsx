import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Admin, memoryStore } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { registryForRole, SCREENS, type Role } from '@app/domain';
import { APP_SCREENS, screenResources, screensOf } from '../../admin/src/screens';
import { authProvider } from '../../admin/src/providers/authProvider';
import { dataProvider } from '../../admin/src/providers/dataProvider';
import { roleCanAccess } from '../../admin/src/providers/resources';
import { Layout } from '../../admin/src/layout/Layout';
import { en } from '../../admin/src/i18n/en';
import { registryWithFixture, screensWithFixture, visaOfficesScreen } from '../fixtures/screen/declaration';
import { visaOfficesMessages } from '../fixtures/screen/messages';
import fixtureFolder from '../fixtures/screen/screen';

const token = (role: Role) => `x.${btoa(JSON.stringify({ user: { id: 1, name: `Demo ${role}`, type: role } }))}.y`;

function signInAs(role: Role) {
  localStorage.setItem(
    'user',
    JSON.stringify({ id: 1, name: `Demo ${role}`, email: 'x@demo.test', type: role, accessToken: token(role) }),
  );
}

const OFFICES = [
  { id: 1, city: 'Bangkok', country: 'TH', opened_on: '2020-01-15' },
  { id: 2, city: 'Paris', country: 'FR', opened_on: null },
];

/**
 * The API as tests/api/resources/declared-screen.test.ts shows it answers: the registry as the role sees it
 * (made by the domain's own registryForRole), the fixture's rows with their Content-Range, and empty answers
 * for what the layout reads besides.
 */
function stubApi(role: Role) {
  const json = (body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('admin/registry'))
        return json({ status: 1, message: 'Registry.', data: registryForRole(registryWithFixture, role) });
      if (url.includes('/visa-offices?'))
        return json(OFFICES, { 'Content-Range': `visa-offices 0-${OFFICES.length - 1}/${OFFICES.length}` });
      if (url.includes('disputes-due-count')) return json({ due: 0 });
      return json({ status: 1, message: 'ok', data: [], total: 0 }, { 'Content-Range': 'items 0-0/0' });
    }),
  );
}

/**
 * The admin as App.tsx composes it, with the fixture screen beside the app's: its declaration, its folder's
 * views and its labels, and nothing else of it anywhere.
 */
function AdminWithFixture({ role }: { role: Role }) {
  const screens = [...APP_SCREENS, ...screensOf([visaOfficesScreen], fixtureFolder)];
  const messages = { ...en, resources: { ...en.resources, 'visa-offices': visaOfficesMessages.en } };
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/admin/*"
          element={
            <Admin
              basename="/admin"
              dataProvider={dataProvider}
              authProvider={{
                ...authProvider,
                canAccess: async ({ resource }) => roleCanAccess(role, resource, screensWithFixture),
              }}
              i18nProvider={polyglotI18nProvider(() => messages, 'en')}
              layout={Layout}
              store={memoryStore()}
              disableTelemetry
            >
              {screenResources(screens)}
            </Admin>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}

const open = (role: Role, path: string) => {
  signInAs(role);
  stubApi(role);
  window.history.pushState({}, '', `/admin/${path}`);
  render(<AdminWithFixture role={role} />);
};

beforeEach(() => window.history.pushState({}, '', '/admin'));
afterEach(() => vi.unstubAllGlobals());

describe('a screen added in four files (tests/fixtures/screen)', () => {
  it('every screen the app declares has views in its folder', () => {
    expect(APP_SCREENS.filter((s) => Object.keys(s.views).length === 0).map((s) => s.name)).toEqual([]);
    expect(APP_SCREENS.map((s) => s.name)).toEqual(SCREENS.map((s) => s.name));
  });

  it('is linked in the sidebar among the reports for a role that may list it, and its list shows its rows', async () => {
    open('Manager', 'visa-offices');
    const sidebar = await screen.findByTestId('sidebar');
    await within(sidebar).findByTestId('menu-visa-offices');
    const labels = within(sidebar)
      .getAllByRole('menuitem')
      .map((item) => item.textContent!.trim());
    // Its group (reports) is after the dispute desk's and before Manage Invoices.
    expect(labels.slice(labels.indexOf('Order Processed'), labels.indexOf('Manage Invoices') + 1)).toEqual([
      'Order Processed',
      'SLA report',
      'Visa offices',
      'Manage Invoices',
    ]);
    expect(within(sidebar).getByTestId('menu-visa-offices')).toHaveAttribute('href', '/admin/visa-offices');

    // The registry's list: its title, its labelled columns, its rows.
    const loaded = { timeout: 10_000 };
    expect(await screen.findByRole('heading', { level: 1, name: 'Visa offices' }, loaded)).toBeInTheDocument();
    expect(await screen.findByText('Bangkok', {}, loaded)).toBeInTheDocument();
    expect(screen.getByText('Paris')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['City', 'Country', 'Opened on']);
  });

  it('is neither linked nor opened for a role its permission does not name', async () => {
    open('Team', 'visa-offices');
    const sidebar = await screen.findByTestId('sidebar');
    expect(within(sidebar).queryByTestId('menu-visa-offices')).toBeNull();
    // react-admin's access check refuses it as it refuses any screen.
    expect(await screen.findByText(/Access denied/i, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('Bangkok')).toBeNull();
  });
});
