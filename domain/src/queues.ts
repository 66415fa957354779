import type { ProcessingMode, Status } from './statuses.js';
import { can, type Permission, type Role } from './roles.js';

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
  /** Only orders assigned to one of these members (a list filter, not a queue of the table below). */
  assigneeIn?: number[];
  /** 'due': processing date empty or today or earlier; 'future': processing date after today. */
  processingDate?: 'due' | 'future';
  /** Processing date on or after / on or before this day (YYYY-MM-DD): a list filter, e.g. one month's tile. */
  processingDateFrom?: string;
  processingDateTo?: string;
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
  /** Roles that may open the queue (a custom queue's); absent: those with `permission`. */
  roles?: readonly Role[];
  /** A custom queue: `filter` holds its statuses, this the rest of its list filter. */
  custom?: { listFilter: Record<string, unknown>; icon: string | null; position: number };
  /** Table actions (bulk and per row) and the roles that see them (docs/product.md#roles-and-permissions). */
  actions: ReadonlyArray<{ action: QueueAction; roles: readonly Role[] }>;
}

export type QueueAction = 'delete' | 'assign' | 'unassign' | 'refund';
const MANAGERS: readonly Role[] = ['Admin', 'Manager'];
const EVERYONE: readonly Role[] = ['Admin', 'Manager', 'Team', 'Telecaller', 'Night Staff'];
export const DELETE_ACTION = { action: 'delete', roles: MANAGERS } as const;
export const ASSIGN_ACTION = { action: 'assign', roles: EVERYONE } as const;

/** Adding a queue is adding a row here. Order is the order of tiles and sidebar links. */
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
    actions: [DELETE_ACTION, ASSIGN_ACTION],
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
    actions: [DELETE_ACTION, ASSIGN_ACTION],
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
    actions: [DELETE_ACTION],
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
    actions: [DELETE_ACTION],
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
    actions: [DELETE_ACTION],
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
    actions: [DELETE_ACTION],
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
    actions: [DELETE_ACTION],
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
    actions: [DELETE_ACTION],
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
    actions: [DELETE_ACTION],
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
    actions: [DELETE_ACTION],
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
    actions: [DELETE_ACTION, { action: 'refund', roles: EVERYONE }],
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
    actions: [DELETE_ACTION],
  },
];

export const ORDER_NAMES: readonly string[] = QUEUES.map((q) => q.orderName);

export const queueByOrderName = (orderName: string): QueueDefinition | undefined =>
  QUEUES.find((q) => q.orderName === orderName);

/** Whether a role may open a queue: its permission, or its roles for a custom queue. */
export const mayOpenQueue = (queue: QueueDefinition, role: Role): boolean =>
  (!queue.permission || can(role, queue.permission)) && (!queue.roles || queue.roles.includes(role));
export const queueByRoute = (route: string): QueueDefinition | undefined => QUEUES.find((q) => q.route === route);

/** The facts about one order (or one counters row) that decide which queues it belongs to. */
export interface QueueFacts {
  status: string;
  mode: string;
  assigneeId: number | null;
  /** YYYY-MM-DD or null. */
  processingDate: string | null;
}

/**
 * One condition of a queue on one fact, with the member and the day already put in. This is the one
 * interpretation of QueueFilter: matchesQueue reads orders through it, and the API turns the same
 * tests into SQL on orders and on the order counters, so a new kind of condition is one change here.
 */
export type QueueTest =
  | { fact: keyof QueueFacts; op: 'in' | 'notIn'; values: ReadonlyArray<string | number> }
  | { fact: keyof QueueFacts; op: 'null' | 'notNull' }
  /** 'lte' with orNull also holds when the fact is null. */
  | { fact: keyof QueueFacts; op: 'gte' | 'lte' | 'gt'; value: string; orNull?: boolean };

/** The tests of a queue filter for member `memberId` on day `today` (YYYY-MM-DD); every one must hold. */
export function queueTests(filter: QueueFilter, memberId: number, today: string): QueueTest[] {
  const tests: QueueTest[] = [];
  if (filter.statusIn) tests.push({ fact: 'status', op: 'in', values: filter.statusIn });
  if (filter.statusNotIn) tests.push({ fact: 'status', op: 'notIn', values: filter.statusNotIn });
  if (filter.modeIn) tests.push({ fact: 'mode', op: 'in', values: filter.modeIn });
  if (filter.modeNotIn) tests.push({ fact: 'mode', op: 'notIn', values: filter.modeNotIn });
  if (filter.assigned !== undefined) tests.push({ fact: 'assigneeId', op: filter.assigned ? 'notNull' : 'null' });
  if (filter.assignedToMe) tests.push({ fact: 'assigneeId', op: 'in', values: [memberId] });
  if (filter.assigneeIn) tests.push({ fact: 'assigneeId', op: 'in', values: filter.assigneeIn });
  if (filter.processingDate === 'due') tests.push({ fact: 'processingDate', op: 'lte', value: today, orNull: true });
  if (filter.processingDate === 'future') tests.push({ fact: 'processingDate', op: 'gt', value: today });
  if (filter.processingDateFrom) tests.push({ fact: 'processingDate', op: 'gte', value: filter.processingDateFrom });
  if (filter.processingDateTo) tests.push({ fact: 'processingDate', op: 'lte', value: filter.processingDateTo });
  return tests;
}

/** Whether one fact passes one test. */
export function passesTest(test: QueueTest, facts: QueueFacts): boolean {
  const value = facts[test.fact];
  switch (test.op) {
    case 'in':
      return value != null && test.values.includes(value);
    case 'notIn':
      return value == null || !test.values.includes(value);
    case 'null':
      return value == null;
    case 'notNull':
      return value != null;
    case 'lte':
      return value == null ? !!test.orNull : String(value) <= test.value;
    case 'gte':
      return value != null && String(value) >= test.value;
    case 'gt':
      return value != null && String(value) > test.value;
  }
}

/** Whether an order with these facts is in the queue, for member `memberId` on day `today` (YYYY-MM-DD). */
export function matchesQueue(filter: QueueFilter, facts: QueueFacts, memberId: number, today: string): boolean {
  return queueTests(filter, memberId, today).every((test) => passesTest(test, facts));
}
