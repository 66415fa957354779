import { mayReadField, type Registry, type Role } from '@app/domain';

type Row = Record<string, unknown>;

const MINUTES_PER_HOUR = 60;

/** The sources of a resource's fields that the registry hides from a role (none for an unknown resource). */
export function hiddenFields(registry: Registry, resource: string, role: Role): ReadonlySet<string> {
  return new Set((registry[resource]?.fields ?? []).filter((f) => !mayReadField(f, role)).map((f) => f.source));
}

/** The sources of a resource's fields that a role may read: every answer about the resource is made of these. */
export function readableFields(registry: Registry, resource: string, role: Role): ReadonlySet<string> {
  return new Set((registry[resource]?.fields ?? []).filter((f) => mayReadField(f, role)).map((f) => f.source));
}

/**
 * Readable number fields computed from a hidden one (the registry names it as their `column`):
 * `age_minutes` counts from `paid_at`, so a role that may not read `paid_at` gets the age in whole
 * hours, which keeps the queue's age and SLA useful without giving the time of payment to the minute.
 */
function derivedFromHidden(registry: Registry, resource: string, role: Role, hidden: ReadonlySet<string>) {
  return (registry[resource]?.fields ?? [])
    .filter((f) => f.type === 'number' && f.column && hidden.has(f.column) && mayReadField(f, role))
    .map((f) => f.source);
}

/**
 * A record of `resource` as `role` may read it, by the registry alone: an allow-list of the fields the
 * role may read, and of the answer's own additions named in `extras` (a history, an encoded id); a
 * column the registry does not list is in no answer. What is computed from a hidden field is coarsened.
 * The one rule of every answer and document about orders: the old system's endpoints, the orders resource and
 * the Defence Packs.
 */
export function recordForRole(
  registry: Registry,
  resource: string,
  role: Role,
  extras: readonly string[] = [],
): <T extends Row>(record: T) => T {
  const allowed = new Set([...readableFields(registry, resource, role), ...extras]);
  const coarsened = derivedFromHidden(registry, resource, role, hiddenFields(registry, resource, role));
  return <T extends Row>(record: T): T => {
    const visible: Row = {};
    for (const [key, value] of Object.entries(record)) if (allowed.has(key)) visible[key] = value;
    for (const source of coarsened) {
      const minutes = visible[source];
      if (typeof minutes === 'number') visible[source] = Math.floor(minutes / MINUTES_PER_HOUR) * MINUTES_PER_HOUR;
    }
    return visible as T;
  };
}

/**
 * Whether a role may read a fact of a record of `resource`: a field it reads, or a fact `derived` names
 * with the field it tells about (a purchase's browser tells as much as its IP). The allow-list of the
 * documents printed from a record (a mail, a pack), as recordForRole's is of answers.
 */
export function mayReadFact(
  registry: Registry,
  resource: string,
  role: Role,
  derived: Readonly<Record<string, string>> = {},
): (key: string) => boolean {
  const readable = readableFields(registry, resource, role);
  return (key) => readable.has(key) || readable.has(derived[key] ?? '');
}

/** A record with the same keys, each value the role may not read (mayReadFact) blanked to null. */
export function blankedForRole(
  registry: Registry,
  resource: string,
  role: Role,
  derived: Readonly<Record<string, string>> = {},
): <T extends object>(record: T) => T {
  const reads = mayReadFact(registry, resource, role, derived);
  return <T extends object>(record: T): T =>
    Object.fromEntries(Object.entries(record).map(([key, value]) => [key, reads(key) ? value : null])) as T;
}

/** An order (or queue row) as a role may read it; `id` is react-admin's name of the order id. */
export const orderForRole = (registry: Registry, role: Role) => recordForRole(registry, 'orders', role, ['id']);

/** What the view-order page's data adds to the order's fields: its histories, remarks and encoded id. */
const DETAILS_EXTRAS = ['mailHistory', 'uploadDoc', 'downloadHistory', 'remark', 'encodedId'];
/** What an item of the histories adds to its resource's fields: the time, under SPEC's name. */
const HISTORY_EXTRAS = ['create_ts'];
/** What a mail of the history adds besides: the document it carried. */
const MAIL_EXTRAS = [...HISTORY_EXTRAS, 'uploadDoc'];

type Details = Row & { mailHistory?: Row[]; uploadDoc?: Row[]; downloadHistory?: Row[] };

/**
 * The view-order page's data as a role may read it: the order's fields, and those of each item of its
 * histories (mails, documents, downloads) by their own resources.
 */
export function orderDetailsForRole(registry: Registry, role: Role) {
  const order = recordForRole(registry, 'orders', role, DETAILS_EXTRAS);
  const items = {
    mailHistory: recordForRole(registry, 'mails', role, MAIL_EXTRAS),
    uploadDoc: recordForRole(registry, 'documents', role, HISTORY_EXTRAS),
    downloadHistory: recordForRole(registry, 'downloads', role, HISTORY_EXTRAS),
  };
  return <T extends Details>(details: T): T => {
    const visible: Details = order(details);
    for (const [list, item] of Object.entries(items) as Array<[keyof typeof items, (row: Row) => Row]>) {
      const rows = visible[list];
      if (rows) visible[list] = rows.map(item);
    }
    return visible as T;
  };
}
