import { can, queueByRoute, type Permission } from '@app/domain';

/**
 * A custom queue's resource: named custom-<id>, its route and its `queue` filter alike; `custom-queues`
 * is the Configuration list of them (no queue may have the id `queues`, domain/configuration/check.ts).
 */
export const isCustomQueueResource = (resource: string) =>
  resource.startsWith('custom-') && resource !== 'custom-queues';

/**
 * The admin's resources are named by the old system's addresses (a queue by its route, Manage Team `manage-team`,
 * …), so that react-admin's own routes are the ones staff know (docs/architecture.md#http). The API names some of them otherwise: this is
 * the one table of what each such resource reads and writes. A queue reads `orders` with itself as a permanent
 * filter (see `apiResourceOf`).
 */
const API_NAMES: Record<string, string> = {
  'manage-team': 'team-members',
  'gateway-setting': 'gateways',
  'country-order-list': 'country-report',
  'processed-order': 'processed-by-report',
  'disputes-due': 'disputes',
};

/** The API resource behind an admin resource name: `orders` for a queue, the table's name, or the name itself. */
export const apiResourceOf = (resource: string): string =>
  queueByRoute(resource) || isCustomQueueResource(resource) ? 'orders' : (API_NAMES[resource] ?? resource);

/** The permanent filter a resource adds to every list it reads: a queue's `queue` (its orderName). */
export const permanentFilterOf = (resource: string): Record<string, string> => {
  if (isCustomQueueResource(resource)) return { queue: resource };
  if (resource === 'disputes-due') return { status: 'needs_response' };
  const queue = queueByRoute(resource);
  return queue ? { queue: queue.orderName } : {};
};

/**
 * Which domain permission (domain/roles.ts) opens each API resource's screens; a queue needs its
 * own (domain/queues.ts). A resource not named here is open to every signed-in role, as the API decides its rows.
 */
const PERMISSIONS: Record<string, Permission> = {
  'team-members': 'team.manage',
  gateways: 'gateways.manage',
  'country-report': 'reports.country',
  'processed-by-report': 'reports.processedBy',
  'sla-report': 'reports.sla',
  'send-invoice': 'invoices.send',
  'change-password': 'account.changePassword',
  'audit-events': 'audit.read',
  orders: 'orders.read',
  'order-fields': 'configuration.manage',
  'custom-queues': 'configuration.manage',
  'mail-templates': 'configuration.manage',
  disputes: 'disputes.read',
  'dispute-report': 'disputes.manage',
  'automation-rules': 'configuration.manage',
  'automation-runs': 'configuration.manage',
  macros: 'configuration.manage',
  'sla-policies': 'configuration.manage',
  'retention-settings': 'configuration.manage',
  'configuration-transfer': 'configuration.manage',
};

/**
 * The permission react-admin's access check asks for a resource (every action alike: the screens' buttons follow
 * the finer rules of docs/product.md#roles-and-permissions themselves); undefined: every signed-in role.
 */
export const permissionFor = (resource: string): Permission | undefined =>
  queueByRoute(resource)?.permission ?? PERMISSIONS[apiResourceOf(resource)];

/** authProvider.canAccess: whether a role may open `resource`'s screens (the API refuses the others too). */
export const roleCanAccess = (role: string | null | undefined, resource: string) => {
  const permission = permissionFor(resource);
  return !permission || can(role, permission);
};
