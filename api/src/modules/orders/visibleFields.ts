import { mayReadField, type Registry, type Role } from '@app/domain';

type Row = Record<string, unknown>;

const MINUTES_PER_HOUR = 60;

/** The sources of a resource's fields that the registry hides from a role (none for an unknown resource). */
export function hiddenFields(registry: Registry, resource: string, role: Role): ReadonlySet<string> {
  return new Set((registry[resource]?.fields ?? []).filter((f) => !mayReadField(f, role)).map((f) => f.source));
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
 * A record of `resource` as `role` may read it, by the registry alone: every field
 * it hides from the role is left out, and what is computed from one is coarsened. Other properties (an
 * answer's own additions) stay. The one rule of every answer and document about orders: the old system's
 * endpoints, the orders resource and the Defence Packs.
 */
export function recordForRole(registry: Registry, resource: string, role: Role): <T extends Row>(record: T) => T {
  const hidden = hiddenFields(registry, resource, role);
  const coarsened = derivedFromHidden(registry, resource, role, hidden);
  if (!hidden.size) return (record) => record;
  return <T extends Row>(record: T): T => {
    const visible: Row = {};
    for (const [key, value] of Object.entries(record)) if (!hidden.has(key)) visible[key] = value;
    for (const source of coarsened) {
      const minutes = visible[source];
      if (typeof minutes === 'number') visible[source] = Math.floor(minutes / MINUTES_PER_HOUR) * MINUTES_PER_HOUR;
    }
    return visible as T;
  };
}

/** An order (or queue row) as a role may read it. */
export const orderForRole = (registry: Registry, role: Role) => recordForRole(registry, 'orders', role);

/** The view-order page's data as a role may read it: the order's fields, and those of each of its mails. */
export function orderDetailsForRole(registry: Registry, role: Role) {
  const order = orderForRole(registry, role);
  const mail = recordForRole(registry, 'mails', role);
  return <T extends Row & { mailHistory?: Row[] }>(details: T): T => {
    const visible = order(details);
    return visible.mailHistory ? { ...visible, mailHistory: visible.mailHistory.map(mail) } : visible;
  };
}
