import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QUEUES, ROLES, queueByOrderName, type Role } from '@app/domain';
import { App } from '../../admin/src/App';
import { menuLinksFor } from '../../admin/src/layout/menuLinks';
import { actionsFor } from '../../admin/src/queues/actions';
import { specSidebarFor } from '../helpers/specSidebar';

const token = (role: Role) => `x.${btoa(JSON.stringify({ user: { id: 1, name: `Demo ${role}`, type: role } }))}.y`;
const COUNTS = Object.fromEntries(QUEUES.map((queue, index) => [queue.countField, 100 + index]));

const expectedLinks = specSidebarFor;

/** A fake API: counts, empty lists, or a 401 for every call when `expired`. */
function stubApi({ expired = false } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (expired)
        return new Response(JSON.stringify({ status: 401, message: 'Your session has expired.' }), { status: 401 });
      const body = url.includes('get-folder-count')
        ? { status: 1, message: 'ok', data: COUNTS }
        : url.includes('disputes-due-count')
          ? { due: 3 }
          : { status: 1, message: 'ok', data: [], total: 0 };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
}

function signInAs(role: Role) {
  localStorage.setItem(
    'user',
    JSON.stringify({ id: 1, name: `Demo ${role}`, email: 'x@demo.test', type: role, accessToken: token(role) }),
  );
}

beforeEach(() => window.history.pushState({}, '', '/admin'));
afterEach(() => vi.unstubAllGlobals());

describe('sidebar visibility by role', () => {
  it.each(ROLES)("lists the links %s may see, in the old system's order", (role) => {
    expect(menuLinksFor(role).map((link) => link.fallback)).toEqual(expectedLinks(role));
  });

  it.each(ROLES)('renders the %s sidebar with the counts of get-folder-count', async (role) => {
    signInAs(role);
    stubApi();
    render(<App />);
    const sidebar = await screen.findByTestId('sidebar');
    await waitFor(() => expect(within(sidebar).getByTestId('count-awaitingOrdersCount')).toHaveTextContent('105'));
    const labels = within(sidebar)
      .getAllByRole('menuitem')
      .map((item) => item.textContent!.replace(/\d+$/, '').trim());
    expect(labels).toEqual([...expectedLinks(role), 'Logout']);
    expect(await screen.findByTestId('welcome')).toHaveTextContent(`Welcome Demo ${role}`);
  });
});

describe('table actions by role', () => {
  const queue = (orderName: string) => queueByOrderName(orderName)!;
  const managers = ['Admin', 'Manager'] as const;
  const others = ['Team', 'Telecaller', 'Night Staff'] as const;

  it('general queues: Delete only for Manager and Admin', () => {
    for (const orderName of [
      'pendingOrder',
      'completedOrder',
      'awaitingOrder',
      'awaitingGovtOrder',
      'contactCustomer',
      'customerCalled',
      'allOrder',
      'futureOrder',
      'chargeBack',
    ]) {
      for (const role of managers) expect(actionsFor(queue(orderName), role)).toEqual(['delete']);
      for (const role of others) expect(actionsFor(queue(orderName), role)).toEqual([]);
    }
  });

  it('New and Priority: Delete for Manager and Admin, Assign to me for all', () => {
    for (const orderName of ['newOrder', 'priorityOrder']) {
      for (const role of managers) expect(actionsFor(queue(orderName), role)).toEqual(['delete', 'assign']);
      for (const role of others) expect(actionsFor(queue(orderName), role)).toEqual(['assign']);
    }
  });

  it('My Order: Delete only for Admin, Move to Original Folder for all', () => {
    expect(actionsFor(queue('myOrder'), 'Admin')).toEqual(['delete', 'unassign']);
    for (const role of ['Manager', ...others] as const)
      expect(actionsFor(queue('myOrder'), role)).toEqual(['unassign']);
  });

  it('Refunds: Delete and Refunded it for Manager and Admin, Refunded it for the others', () => {
    for (const role of managers) expect(actionsFor(queue('refundOrder'), role)).toEqual(['delete', 'refund']);
    for (const role of others) expect(actionsFor(queue('refundOrder'), role)).toEqual(['refund']);
  });
});

describe('counts', () => {
  it('are read again on every route change', async () => {
    signInAs('Team');
    stubApi();
    render(<App />);
    const sidebar = await screen.findByTestId('sidebar');
    const countCalls = () =>
      vi.mocked(fetch).mock.calls.filter(([url]) => String(url).includes('get-folder-count')).length;
    await waitFor(() => expect(countCalls()).toBe(1));
    fireEvent.click(within(sidebar).getByText('Awaiting Govt'));
    await screen.findByRole('heading', { name: 'Awaiting Govt' });
    await waitFor(() => expect(countCalls()).toBe(2));
    fireEvent.click(within(sidebar).getByText('Charge Back'));
    await screen.findByRole('heading', { name: 'Charge Back' });
    await waitFor(() => expect(countCalls()).toBe(3));
  });
});

describe('session expiry', () => {
  it('on a 401 shows the server message, removes the stored user and goes to /', async () => {
    signInAs('Team');
    stubApi({ expired: true });
    render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(localStorage.getItem('user')).toBeNull();
    expect(await screen.findByText('Your session has expired.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
