import type { ProcessingMode, Status } from './statuses.js';
import type { Permission, Role } from './roles.js';

/**
 * A queue's rows, described as data so that the API can turn it into SQL and into sums over the
 * order counters, and the admin can read it, from this one definition.
 * Every condition present must hold.
 */
export interface QueueFilter {
  statusIn?: Status[];
  statusNotIn?: Status[];
  modeIn?: ProcessingMode[];
  modeNotIn?: ProcessingMode[];
  /** true: has an assignee; false: has none. */
  assigned?: boolean;
  /** Only orders assigned to the member asking. */
  assignedToMe?: boolean;
  /** 'due': processing date empty or today or earlier; 'future': processing date after today. */
  processingDate?: 'due' | 'future';
}

export interface QueueDefinition {
  /** Route under /admin. */
  route: string;
  /** orderName of get-orders-list. */
  orderName: string;
  /** Field of get-folder-count. */
  countField: string;
  /** Title of the screen and label of the menu entry or tile. */
  label: string;
  /** Where the queue shows: a dashboard tile, a sidebar link, or both. */
  placement: 'tile' | 'sidebar';
  filter: QueueFilter;
  /** Which table columns the queue shows. */
  columns: 'orders' | 'refunds' | 'future';
  description: string;
  /** Permission needed to open the queue; none means every role. */
  permission?: Permission;
  /** Table actions (bulk and per row) and the roles that see them (SPEC section 6). */
  actions: ReadonlyArray<{ action: QueueAction; roles: readonly Role[] }>;
}

export type QueueAction = 'delete' | 'assign' | 'unassign' | 'refund';
const MANAGERS: readonly Role[] = ['Admin', 'Manager'];
const EVERYONE: readonly Role[] = ['Admin', 'Manager', 'Team', 'Telecaller', 'Night Staff'];
const DELETE = { action: 'delete', roles: MANAGERS } as const;

/** DESIGN section 3: adding a queue is adding a row here. Order is the order of tiles and sidebar links. */
export const QUEUES: readonly QueueDefinition[] = [
  {
    route: 'my-order',
    orderName: 'myOrder',
    countField: 'myOrdersCount',
    label: 'My Orders',
    placement: 'tile',
    filter: { assignedToMe: true, statusNotIn: ['Completed', 'Refunds', 'Deleted'] },
    columns: 'orders',
    description: 'Assigned to me, not Completed, Refunds or Deleted',
    actions: [
      { action: 'delete', roles: ['Admin'] },
      { action: 'unassign', roles: EVERYONE },
    ],
  },
  {
    route: 'recent-order',
    orderName: 'newOrder',
    countField: 'newOrdersCount',
    label: 'New Orders',
    placement: 'tile',
    filter: { statusIn: ['New'], modeNotIn: ['Priority'], processingDate: 'due' },
    columns: 'orders',
    description: 'New, not Priority, processing date empty or due',
    actions: [DELETE, { action: 'assign', roles: EVERYONE }],
  },
  {
    route: 'priority-order',
    orderName: 'priorityOrder',
    countField: 'priorityOrdersCount',
    label: 'Priority Order',
    placement: 'tile',
    filter: { statusIn: ['New'], modeIn: ['Priority'] },
    columns: 'orders',
    description: 'New and Priority',
    actions: [DELETE, { action: 'assign', roles: EVERYONE }],
  },
  {
    route: 'pending-order',
    orderName: 'pendingOrder',
    countField: 'pendingOrdersCount',
    label: 'Pending Orders',
    placement: 'tile',
    filter: { statusIn: ['New'], assigned: true },
    columns: 'orders',
    description: 'New and assigned (being worked)',
    actions: [DELETE],
  },
  {
    route: 'completed-order',
    orderName: 'completedOrder',
    countField: 'completedOrdersCount',
    label: 'Completed Orders',
    placement: 'tile',
    filter: { statusIn: ['Completed'] },
    columns: 'orders',
    description: 'Completed',
    actions: [DELETE],
  },
  {
    route: 'awaiting-response',
    orderName: 'awaitingOrder',
    countField: 'awaitingOrdersCount',
    label: 'Awaiting Customer',
    placement: 'sidebar',
    filter: { statusIn: ['Awaiting'] },
    columns: 'orders',
    description: 'Awaiting (shown as Awaiting Customer)',
    actions: [DELETE],
  },
  {
    route: 'awaiting-govt',
    orderName: 'awaitingGovtOrder',
    countField: 'awaitingGovtCount',
    label: 'Awaiting Govt',
    placement: 'sidebar',
    filter: { statusIn: ['AwaitingGovt'] },
    columns: 'orders',
    description: 'AwaitingGovt',
    actions: [DELETE],
  },
  {
    route: 'contact-customer',
    orderName: 'contactCustomer',
    countField: 'contactCustomerOrdersCount',
    label: 'Contact Customer',
    placement: 'sidebar',
    filter: { statusIn: ['Contact Customer'] },
    columns: 'orders',
    description: 'Contact Customer',
    actions: [DELETE],
  },
  {
    route: 'called',
    orderName: 'customerCalled',
    countField: 'customerCalledCount',
    label: 'Customer Called',
    placement: 'sidebar',
    filter: { statusIn: ['Customer Called'] },
    columns: 'orders',
    description: 'Customer Called',
    actions: [DELETE],
  },
  {
    route: 'order-history',
    orderName: 'allOrder',
    countField: 'allOrdersCount',
    label: 'Order History',
    placement: 'sidebar',
    filter: { statusNotIn: ['Deleted'] },
    columns: 'orders',
    description: 'Every status but Deleted',
    actions: [DELETE],
    permission: 'orders.history',
  },
  {
    route: 'future-order',
    orderName: 'futureOrder',
    countField: 'futureOrdersCount',
    label: 'Future Orders',
    placement: 'sidebar',
    filter: { statusIn: ['New'], processingDate: 'future' },
    columns: 'future',
    description: 'New with a processing date after today (grouped by process month)',
    actions: [DELETE],
  },
  {
    route: 'deleted-order',
    orderName: 'deletedOrder',
    countField: 'deletedOrdersCount',
    label: 'Deleted Orders',
    placement: 'sidebar',
    filter: { statusIn: ['Deleted'] },
    columns: 'orders',
    description: 'Deleted',
    actions: [],
  },
  {
    route: 'refund-order',
    orderName: 'refundOrder',
    countField: 'refundOrdersCount',
    label: 'Refunds',
    placement: 'sidebar',
    filter: { statusIn: ['Refunds'] },
    columns: 'refunds',
    description: 'Refunds',
    actions: [DELETE, { action: 'refund', roles: EVERYONE }],
  },
  {
    route: 'chargeback',
    orderName: 'chargeBack',
    countField: 'chargeBackCount',
    label: 'Charge Back',
    placement: 'sidebar',
    filter: { statusIn: ['ChargeBack'] },
    columns: 'orders',
    description: 'ChargeBack',
    actions: [DELETE],
  },
];

export const ORDER_NAMES: readonly string[] = QUEUES.map((q) => q.orderName);
export const COUNT_FIELDS: readonly string[] = QUEUES.map((q) => q.countField);

export const queueByOrderName = (orderName: string): QueueDefinition | undefined =>
  QUEUES.find((q) => q.orderName === orderName);
export const queueByRoute = (route: string): QueueDefinition | undefined => QUEUES.find((q) => q.route === route);

/** The facts about one order (or one counters row) that decide which queues it belongs to. */
export interface QueueFacts {
  status: string;
  mode: string;
  assigneeId: number | null;
  /** YYYY-MM-DD or null. */
  processingDate: string | null;
}

/** Whether an order with these facts is in the queue, for member `memberId` on day `today` (YYYY-MM-DD). */
export function matchesQueue(filter: QueueFilter, facts: QueueFacts, memberId: number, today: string): boolean {
  const { status, mode, assigneeId, processingDate } = facts;
  if (filter.statusIn && !filter.statusIn.includes(status as Status)) return false;
  if (filter.statusNotIn && filter.statusNotIn.includes(status as Status)) return false;
  if (filter.modeIn && !filter.modeIn.includes(mode as ProcessingMode)) return false;
  if (filter.modeNotIn && filter.modeNotIn.includes(mode as ProcessingMode)) return false;
  if (filter.assigned !== undefined && filter.assigned !== (assigneeId != null)) return false;
  if (filter.assignedToMe && assigneeId !== memberId) return false;
  if (filter.processingDate === 'due' && processingDate != null && processingDate > today) return false;
  if (filter.processingDate === 'future' && (processingDate == null || processingDate <= today)) return false;
  return true;
}
