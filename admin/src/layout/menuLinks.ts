import { QUEUES, type QueueDefinition } from '@app/domain';
import { roleCanAccess } from '../providers/resources';

/** One sidebar link. The label is an i18n key; `fallback` is the text when a catalogue lacks the key. */
export interface MenuLink {
  route: string;
  label: string;
  fallback: string;
  /** Field of get-folder-count shown next to the label. */
  countField?: string;
}

export const queueLabelKey = (queue: QueueDefinition) => `app.queues.${queue.orderName}`;

/** The count of the Disputes due link: not a queue's (get-folder-count), the desk's own (useDisputesDue). */
export const DISPUTES_DUE = 'disputesDue';

/** Screens that are not queues, in the old system's order (each a resource named by its route). */
export const SCREEN_LINKS: readonly MenuLink[] = [
  { route: 'disputes-due', label: 'resources.disputes.due', fallback: 'Disputes due', countField: DISPUTES_DUE },
  { route: 'disputes', label: 'resources.disputes.menu', fallback: 'Disputes' },
  { route: 'dispute-report', label: 'resources.dispute-report.name', fallback: 'Dispute report' },
  { route: 'country-order-list', label: 'app.menu.countryOrderList', fallback: 'Country Order List' },
  { route: 'processed-order', label: 'app.menu.processedOrder', fallback: 'Order Processed' },
  { route: 'sla-report', label: 'resources.sla-report.name', fallback: 'SLA report' },
  { route: 'send-invoice', label: 'app.menu.sendInvoice', fallback: 'Manage Invoices' },
  { route: 'manage-team', label: 'app.menu.manageTeam', fallback: 'Manage Team' },
  { route: 'gateway-setting', label: 'app.menu.gatewaySetting', fallback: 'Gateway Setting' },
  { route: 'change-password', label: 'app.menu.changePassword', fallback: 'Change Password' },
  { route: 'audit-events', label: 'resources.audit-events.name', fallback: 'Audit Log' },
  { route: 'order-fields', label: 'app.menu.configuration', fallback: 'Configuration' },
];

export const queueLink = (queue: QueueDefinition): MenuLink => ({
  route: queue.route,
  label: queueLabelKey(queue),
  fallback: queue.label,
  countField: queue.countField,
});

/**
 * The sidebar of the old system: the Dashboard (home of the five tile queues), the sidebar queues of
 * the domain table with their counts, then the other screens. Logout closes the list (see Menu).
 */
export const MENU_LINKS: readonly MenuLink[] = [
  { route: '', label: 'app.menu.dashboard', fallback: 'Dashboard' },
  ...QUEUES.filter((queue) => queue.placement === 'sidebar').map(queueLink),
  ...SCREEN_LINKS,
];

/**
 * The links of the screens a role may open: react-admin's access rule for each link's resource, with the
 * custom queues the role may open (the API lists only those) after the built-in sidebar queues.
 */
export const menuLinksFor = (role: string | null | undefined, customQueues: readonly QueueDefinition[] = []) => {
  const links = MENU_LINKS.filter((link) => roleCanAccess(role, link.route));
  const firstScreen = links.findIndex((link) => SCREEN_LINKS.includes(link));
  const at = firstScreen < 0 ? links.length : firstScreen;
  return [...links.slice(0, at), ...customQueues.map(queueLink), ...links.slice(at)];
};
