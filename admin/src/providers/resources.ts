import { can, queueByRoute, SCREENS, type Permission, type ScreenDeclaration } from '@app/domain';

/**
 * A custom queue's resource: named custom-<id>, its route and its `queue` filter alike; `custom-queues`
 * is the Configuration list of them (no queue may have the id `queues`, domain/configuration/check.ts).
 */
export const isCustomQueueResource = (resource: string) =>
  resource.startsWith('custom-') && resource !== 'custom-queues';

const screenNamed = (resource: string, screens: readonly ScreenDeclaration[] = SCREENS) =>
  screens.find((screen) => screen.name === resource);

/**
 * The API resource behind an admin resource. A screen is named as the API names its resource; a queue (built-in
 * or custom) reads `orders`, and a screen that lists another's records (Disputes due) reads that one.
 */
export const apiResourceOf = (resource: string): string =>
  queueByRoute(resource) || isCustomQueueResource(resource)
    ? 'orders'
    : (screenNamed(resource)?.listOf?.resource ?? resource);

/** The permanent filter a resource adds to every list it reads: a queue's `queue` (its orderName), or its declared one. */
export const permanentFilterOf = (resource: string): Readonly<Record<string, string>> => {
  if (isCustomQueueResource(resource)) return { queue: resource };
  const queue = queueByRoute(resource);
  if (queue) return { queue: queue.orderName };
  return screenNamed(resource)?.listOf?.filter ?? {};
};

/**
 * The permission react-admin's access check asks for a resource (every action alike: the screens' buttons follow
 * the finer rules of docs/product.md#roles-and-permissions themselves): a queue's own, else the declared screen's
 * list (or show) permission; undefined (no declaration): every signed-in role, as the API decides its rows.
 */
export const permissionFor = (
  resource: string,
  screens: readonly ScreenDeclaration[] = SCREENS,
): Permission | undefined => {
  const queue = queueByRoute(resource);
  if (queue?.permission) return queue.permission;
  // A queue without a permission of its own is a list of orders.
  const isQueue = queue || isCustomQueueResource(resource);
  const { permissions } = screenNamed(isQueue ? 'orders' : resource, screens) ?? {};
  return permissions?.list ?? permissions?.show;
};

/** authProvider.canAccess: whether a role may open `resource`'s screens (the API refuses the others too). */
export const roleCanAccess = (
  role: string | null | undefined,
  resource: string,
  screens: readonly ScreenDeclaration[] = SCREENS,
) => {
  const permission = permissionFor(resource, screens);
  return !permission || can(role, permission);
};
