import { QUEUES, can, type Permission, type QueueDefinition } from '@app/domain';

/** One sidebar link. The label is an i18n key; `fallback` is the text when a catalogue lacks the key. */
export interface MenuLink {
  route: string;
  label: string;
  fallback: string;
  permission?: Permission;
  /** Field of get-folder-count shown next to the label. */
  countField?: string;
}

export const queueLabelKey = (queue: QueueDefinition) => `app.queues.${queue.orderName}`;

/** Screens of SPEC section 2 that are not queues, in SPEC order, with the permission that shows them. */
export const SCREEN_LINKS: readonly MenuLink[] = [
  {
    route: 'country-order-list',
    label: 'app.menu.countryOrderList',
    fallback: 'Country Order List',
    permission: 'reports.country',
  },
  {
    route: 'processed-order',
    label: 'app.menu.processedOrder',
    fallback: 'Order Processed',
    permission: 'reports.processedBy',
  },
  { route: 'send-invoice', label: 'app.menu.sendInvoice', fallback: 'Manage Invoices', permission: 'invoices.send' },
  { route: 'manage-team', label: 'app.menu.manageTeam', fallback: 'Manage Team', permission: 'team.manage' },
  {
    route: 'gateway-setting',
    label: 'app.menu.gatewaySetting',
    fallback: 'Gateway Setting',
    permission: 'gateways.manage',
  },
  {
    route: 'change-password',
    label: 'app.menu.changePassword',
    fallback: 'Change Password',
    permission: 'account.changePassword',
  },
  { route: 'audit-events', label: 'resources.audit-events.name', fallback: 'Audit Log', permission: 'audit.read' },
];

const queueLink = (queue: QueueDefinition): MenuLink => ({
  route: queue.route,
  label: queueLabelKey(queue),
  fallback: queue.label,
  permission: queue.permission,
  countField: queue.countField,
});

/**
 * The sidebar of SPEC section 2: the Dashboard (home of the five tile queues), the sidebar queues of
 * the domain table with their counts, then the other screens. Logout closes the list (see Menu).
 */
export const MENU_LINKS: readonly MenuLink[] = [
  { route: '', label: 'app.menu.dashboard', fallback: 'Dashboard' },
  ...QUEUES.filter((queue) => queue.placement === 'sidebar').map(queueLink),
  ...SCREEN_LINKS,
];

/** Whether a role sees a link or tile (SPEC section 6 through the domain permission matrix). */
export const isVisibleTo = (role: string | null | undefined, link: { permission?: Permission }) =>
  !link.permission || can(role, link.permission);

export const menuLinksFor = (role: string | null | undefined) => MENU_LINKS.filter((link) => isVisibleTo(role, link));
