/**
 * Preferences kept on the server (GET/PUT /api/preferences/:key): the parts of react-admin's Store
 * that shape a screen, so that a member's layout follows them to another browser and a role can
 * have a default. Other Store keys (list parameters, selections, sidebar state) stay in the browser.
 */

/** What a kept key holds, told by how the key ends (react-admin's own Store key names). */
export const PREFERENCE_KINDS = {
  /** DataTable's hidden columns: `<storeKey>` where storeKey ends in `datatable`. */
  columns: 'datatable',
  /** DataTable's column order: `<storeKey>_columnRanks`. */
  columnRanks: 'datatable_columnRanks',
  /** A list's saved queries (react-admin's useSavedQueries): `<resource>.savedQueries`. */
  savedQueries: 'savedQueries',
  /** A Show page's sections open (true) or closed (false), by section key: `<resource>.sections`. */
  sections: 'sections',
  /** The member's time zone (an IANA name) for every time the admin shows: `account.timeZone`. */
  timeZone: 'timeZone',
} as const;
export type PreferenceKind = keyof typeof PREFERENCE_KINDS;

/** The Store key of the member's time zone; absent, the browser's zone applies. */
export const TIME_ZONE_KEY = 'account.timeZone';

/** The kinds a role default may hold: the layout (columns and sections), not a member's own saved queries. */
export const LAYOUT_KINDS: readonly PreferenceKind[] = ['columns', 'columnRanks', 'sections'];

/** The shape of any key the API reads: ASCII letters, digits, `.`, `_` and `-`, at most 100 characters (the router's limit on a path parameter). */
export const PREFERENCE_KEY_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]*$';
export const PREFERENCE_KEY_MAX_LENGTH = 100;
/** The largest value kept, as UTF-8 JSON. */
export const PREFERENCE_MAX_BYTES = 64 * 1024;
/** Keys one member may keep (each list has two or three). */
export const PREFERENCES_PER_MEMBER = 200;

const KEPT_KEY = new RegExp(
  `^[a-z][a-z0-9-]*(?:\\.[A-Za-z0-9_-]+)*?\\.(${Object.values(PREFERENCE_KINDS).join('|')})$`,
);
const KIND_BY_SUFFIX = Object.fromEntries(
  Object.entries(PREFERENCE_KINDS).map(([kind, suffix]) => [suffix, kind as PreferenceKind]),
);

/** The kind of a key kept on the server, or null for a key that stays in the browser. */
export function preferenceKind(key: string): PreferenceKind | null {
  if (key.length > PREFERENCE_KEY_MAX_LENGTH) return null;
  const match = KEPT_KEY.exec(key);
  return match ? KIND_BY_SUFFIX[match[1]!]! : null;
}

export const isLayoutKey = (key: string): boolean => {
  const kind = preferenceKind(key);
  return kind !== null && LAYOUT_KINDS.includes(kind);
};

/** Where a resolved preference came from: the member's own choice wins over their role's default. */
export type PreferenceScope = 'member' | 'role';

/** One preference as the API answers it (ra-data-simple-rest record: the key is its id). */
export interface PreferenceRecord<T = unknown> {
  id: string;
  value: T;
  scope: PreferenceScope;
}
