import { localStorageStore, type DataProvider, type Store } from 'react-admin';
import { isLayoutKey, preferenceKind, type PreferenceRecord, type PreferenceScope, type Role } from '@app/domain';

/** Writes of one key within this delay go to the server as one (dragging a column writes at every step). */
export const SAVE_DELAY_MS = 400;

type Listener = (value: unknown) => void;
type Cleared = { id: string; value: null; scope: null };

const WHOLE_LIST = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };
const roleResource = (role: Role) => `preferences/role/${encodeURIComponent(role)}`;

/** The preferences Store with what the layout menu needs beside the Store interface. */
export interface PreferencesStore extends Store {
  /** Resolves once the signed-in member's preferences are loaded (and every subscriber told). */
  ready(): Promise<void>;
  /** Where a kept key's current value comes from, if anywhere. */
  scopeOf(key: string): PreferenceScope | undefined;
  /** Removes the member's own layout (columns, column order, sections): their role's default applies again. */
  resetLayout(): Promise<void>;
  /** Makes the member's current layout the default of `role` (Admins only; the API checks). */
  publishLayout(role: Role): Promise<number>;
  /** Sends the writes still waiting for their delay. */
  flush(): Promise<void>;
}

/**
 * react-admin's Store backed by /api/preferences: the keys that shape a screen (domain/preferences.ts:
 * DataTable columns and their order, saved queries, Show sections) are loaded once per sign-in into a
 * cache that getItem reads synchronously, and every change is written through to the API after a
 * short delay; the member's own value wins over their role's default. Other keys (list parameters,
 * selections, the sidebar) stay in the browser's localStorage as with react-admin's default store.
 */
export function createPreferencesStore(
  dataProvider: DataProvider,
  browser: Store = localStorageStore(),
): PreferencesStore {
  const values = new Map<string, unknown>();
  const scopes = new Map<string, PreferenceScope>();
  const listeners = new Map<string, Set<Listener>>();
  const waiting = new Map<string, unknown>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let loading: Promise<void> = Promise.resolve();
  // A load or answer that arrives after a sign-out (reset) belongs to the previous member: dropped.
  let session = 0;

  const publish = (key: string, value: unknown) => listeners.get(key)?.forEach((listener) => listener(value));

  const apply = (record: PreferenceRecord | Cleared) => {
    if (record.scope === null) {
      values.delete(record.id);
      scopes.delete(record.id);
    } else {
      values.set(record.id, record.value);
      scopes.set(record.id, record.scope);
    }
    publish(record.id, record.scope === null ? undefined : record.value);
  };

  async function load() {
    const current = ++session;
    const { data } = await dataProvider.getList<PreferenceRecord & { id: string }>('preferences', WHOLE_LIST);
    if (current !== session) return;
    const before = [...values.keys()];
    values.clear();
    scopes.clear();
    data.forEach(apply);
    before.filter((key) => !values.has(key)).forEach((key) => publish(key, undefined));
  }

  async function flush() {
    clearTimeout(timer);
    timer = undefined;
    const writes = [...waiting];
    waiting.clear();
    const current = session;
    await Promise.all(
      writes.map(async ([key, value]) => {
        try {
          await dataProvider.update('preferences', { id: key, data: { value }, previousData: { id: key } });
        } catch (error) {
          // The layout stays as chosen for this session; it is only not kept.
          if (current === session) console.error(`Preference ${key} was not saved`, error);
        }
      }),
    );
  }

  async function remove(key: string) {
    waiting.delete(key);
    const current = session;
    const { data } = await dataProvider.delete<PreferenceRecord & { id: string }>('preferences', { id: key });
    if (current === session) apply(data as PreferenceRecord | Cleared);
  }

  return {
    setup() {
      browser.setup();
      loading = load().catch((error: unknown) => console.error('Preferences were not loaded', error));
    },
    teardown() {
      void flush();
      browser.teardown();
    },
    getItem<T>(key: string, defaultValue?: T): T | undefined {
      if (!preferenceKind(key)) return browser.getItem(key, defaultValue);
      return values.has(key) ? (values.get(key) as T) : defaultValue;
    },
    setItem<T>(key: string, value: T) {
      if (!preferenceKind(key)) return browser.setItem(key, value);
      if (value === undefined) return void remove(key);
      values.set(key, value);
      scopes.set(key, 'member');
      publish(key, value);
      waiting.set(key, value);
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    removeItem(key: string) {
      if (!preferenceKind(key)) return browser.removeItem(key);
      void remove(key);
    },
    removeItems(keyPrefix: string) {
      browser.removeItems(keyPrefix);
      [...values.keys()].filter((key) => key.startsWith(keyPrefix)).forEach((key) => void remove(key));
    },
    /** Called at sign-out: forgets this member's values in this browser, never on the server. */
    reset() {
      session++;
      clearTimeout(timer);
      waiting.clear();
      const keys = [...values.keys()];
      values.clear();
      scopes.clear();
      keys.forEach((key) => publish(key, undefined));
      browser.reset();
    },
    subscribe(key: string, callback: Listener) {
      if (!preferenceKind(key)) return browser.subscribe(key, callback);
      const set = listeners.get(key) ?? new Set<Listener>();
      set.add(callback);
      listeners.set(key, set);
      return () => void set.delete(callback);
    },
    listItems(keyPrefix = '') {
      const kept = Object.fromEntries([...values].filter(([key]) => key.startsWith(keyPrefix)));
      return { ...browser.listItems?.(keyPrefix), ...kept };
    },
    ready: () => loading,
    scopeOf: (key) => scopes.get(key),
    flush,
    async resetLayout() {
      await flush();
      const own = [...scopes].filter(([key, scope]) => scope === 'member' && isLayoutKey(key)).map(([key]) => key);
      await Promise.all(own.map(remove));
    },
    async publishLayout(role) {
      await flush();
      const layout = [...values].filter(([key]) => isLayoutKey(key));
      const { data: published } = await dataProvider.getList<PreferenceRecord & { id: string }>(
        roleResource(role),
        WHOLE_LIST,
      );
      // The role's layout becomes exactly this one: keys this member leaves at the default are withdrawn.
      const stale = published.filter(({ id }) => !values.has(id) || !isLayoutKey(id));
      await Promise.all([
        ...layout.map(([key, value]) =>
          dataProvider.update(roleResource(role), { id: key, data: { value }, previousData: { id: key } }),
        ),
        ...stale.map(({ id }) => dataProvider.delete(roleResource(role), { id })),
      ]);
      return layout.length;
    },
  };
}
