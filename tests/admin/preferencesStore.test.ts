import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStore } from 'react-admin';
import { createPreferencesStore, SAVE_DELAY_MS } from '../../admin/src/preferences/store';
import { dataProvider } from '../../admin/src/providers/dataProvider';
import { stubApi, type StubAnswer } from '../helpers/fetchStub';

const COLUMNS = 'orders.recent-order.datatable';
const RANKS = 'orders.recent-order.datatable_columnRanks';
const SECTIONS = 'orders.sections';
const SAVED = 'orders.savedQueries';

const list = (records: object[]): StubAnswer => ({
  body: records,
  headers: { 'Content-Type': 'application/json', 'Content-Range': `preferences 0-${records.length}/${records.length}` },
});
const record = (body: object): StubAnswer => ({ body, headers: { 'Content-Type': 'application/json' } });
const settle = () => new Promise((resolve) => setTimeout(resolve, SAVE_DELAY_MS + 100));
const pathOf = (url: string) => decodeURIComponent(url.split('?')[0]!);

beforeEach(() => {
  localStorage.setItem('user', JSON.stringify({ accessToken: 'token-1', id: 7, name: 'Demo Team', type: 'Team' }));
});
afterEach(() => vi.unstubAllGlobals());

/** A store over the real data provider, with the browser part in memory so that the test sees what stays local. */
async function loadedStore(...answers: StubAnswer[]) {
  const calls = stubApi(...answers);
  const browser = memoryStore();
  const store = createPreferencesStore(dataProvider, browser);
  store.setup();
  await store.ready();
  return { store, calls, browser };
}

describe('preferences Store', () => {
  it('loads the member’s resolved preferences once at setup and tells subscribers', async () => {
    const calls = stubApi(
      list([
        { id: COLUMNS, value: ['phone_number'], scope: 'role' },
        { id: SECTIONS, value: { payment: true }, scope: 'member' },
      ]),
    );
    const store = createPreferencesStore(dataProvider, memoryStore());
    const seen: unknown[] = [];
    store.subscribe(COLUMNS, (value) => seen.push(value));
    expect(store.getItem(COLUMNS, ['default'])).toEqual(['default']);
    store.setup();
    await store.ready();
    expect(calls.map((c) => [c.method, pathOf(c.url), c.authorization])).toEqual([
      ['GET', '/api/preferences', 'token-1'],
    ]);
    expect(seen).toEqual([['phone_number']]);
    expect(store.getItem(COLUMNS, ['default'])).toEqual(['phone_number']);
    expect(store.getItem(SECTIONS)).toEqual({ payment: true });
    expect(store.scopeOf(COLUMNS)).toBe('role');
    expect(store.getItem(RANKS, [0, 1])).toEqual([0, 1]);
  });

  it('writes a kept key through to the API once its changes settle, the last value winning', async () => {
    const { store, calls } = await loadedStore(list([]), record({ id: COLUMNS, value: ['email'], scope: 'member' }));
    const seen: unknown[] = [];
    store.subscribe(COLUMNS, (value) => seen.push(value));
    store.setItem(COLUMNS, ['phone_number']);
    store.setItem(COLUMNS, ['phone_number', 'email']);
    store.setItem(COLUMNS, ['email']);
    // Read back at once, before the API has it.
    expect(store.getItem(COLUMNS)).toEqual(['email']);
    expect(seen).toEqual([['phone_number'], ['phone_number', 'email'], ['email']]);
    expect(calls).toHaveLength(1);
    await settle();
    expect(calls.slice(1).map((c) => [c.method, pathOf(c.url), c.body])).toEqual([
      ['PUT', `/api/preferences/${COLUMNS}`, { value: ['email'] }],
    ]);
    expect(store.scopeOf(COLUMNS)).toBe('member');
  });

  it('keeps list parameters, selections and the sidebar in the browser, never on the server', async () => {
    const { store, calls, browser } = await loadedStore(list([]));
    store.setItem('orders.listParams', { page: 3 });
    store.setItem('orders.selectedIds', [1, 2]);
    store.setItem('sidebar.open', false);
    await settle();
    expect(calls).toHaveLength(1);
    expect(browser.getItem('orders.listParams')).toEqual({ page: 3 });
    expect(store.getItem('sidebar.open')).toBe(false);
  });

  it('removing a kept key resets it on the server, and the role default it answers applies', async () => {
    const { store, calls } = await loadedStore(
      list([{ id: COLUMNS, value: ['email'], scope: 'member' }]),
      record({ id: COLUMNS, value: ['phone_number'], scope: 'role' }),
    );
    store.removeItem(COLUMNS);
    await settle();
    expect(calls[1]).toMatchObject({ method: 'DELETE' });
    expect(pathOf(calls[1]!.url)).toBe(`/api/preferences/${COLUMNS}`);
    expect(store.getItem(COLUMNS)).toEqual(['phone_number']);
    expect(store.scopeOf(COLUMNS)).toBe('role');
  });

  it('forgets the member at sign-out (reset) without touching the server', async () => {
    const { store, calls } = await loadedStore(list([{ id: COLUMNS, value: ['email'], scope: 'member' }]));
    const seen: unknown[] = [];
    store.subscribe(COLUMNS, (value) => seen.push(value));
    store.setItem(RANKS, [1, 0]);
    store.reset();
    await settle();
    expect(calls).toHaveLength(1);
    expect(seen).toEqual([undefined]);
    expect(store.getItem(COLUMNS, ['default'])).toEqual(['default']);
    expect(store.getItem(RANKS)).toBeUndefined();
  });

  it('"Reset to my role’s layout" removes the member’s own columns and sections, not their saved queries', async () => {
    const { store, calls } = await loadedStore(
      list([
        { id: COLUMNS, value: ['email'], scope: 'member' },
        { id: RANKS, value: [1, 0], scope: 'role' },
        { id: SECTIONS, value: { payment: true }, scope: 'member' },
        { id: SAVED, value: [], scope: 'member' },
      ]),
      record({ id: 'x', value: null, scope: null }),
    );
    await store.resetLayout();
    expect(
      calls
        .slice(1)
        .map((c) => `${c.method} ${pathOf(c.url)}`)
        .sort(),
    ).toEqual([`DELETE /api/preferences/${COLUMNS}`, `DELETE /api/preferences/${SECTIONS}`]);
  });

  it('publishes the member’s layout as a role’s, withdrawing the role’s keys the layout leaves at the default', async () => {
    const { store, calls } = await loadedStore(
      list([
        { id: COLUMNS, value: ['email'], scope: 'member' },
        { id: SAVED, value: [], scope: 'member' },
      ]),
      list([
        { id: COLUMNS, value: ['phone_number'], scope: 'role' },
        { id: SECTIONS, value: { health: false }, scope: 'role' },
      ]),
      record({ id: COLUMNS, value: ['email'], scope: 'role' }),
    );
    expect(await store.publishLayout('Night Staff')).toBe(1);
    expect(calls.slice(1).map((c) => [c.method, pathOf(c.url), c.body])).toEqual([
      ['GET', '/api/preferences/role/Night Staff', undefined],
      ['PUT', `/api/preferences/role/Night Staff/${COLUMNS}`, { value: ['email'] }],
      ['DELETE', `/api/preferences/role/Night Staff/${SECTIONS}`, undefined],
    ]);
  });
});
