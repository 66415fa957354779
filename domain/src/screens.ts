import { auditEventsScreen } from './registry/audit-events.js';
import { disputeReportScreen, disputesScreen } from './registry/disputes.js';
import { gatewaysScreen } from './registry/gateways.js';
import { mailTemplatesScreen } from './registry/mail-templates.js';
import { ordersScreen } from './registry/orders.js';
import { countryReportScreen, processedByReportScreen } from './registry/reports.js';
import { teamMembersScreen } from './registry/team-members.js';
import { MENU_GROUPS, type ScreenDeclaration } from './registry/types.js';

const configuration = { list: 'configuration.manage' } as const;

/**
 * Every screen of the admin besides the queues (domain/queues.ts), each declared once: a registry resource's
 * screen part, or a screen no registry resource describes. The admin registers a `<Resource>` of each name with
 * the views of its folder, opens it to the roles its list (or show) permission names, and links it in the sidebar
 * by its `menu`; these declarations, not the resources' fields, are what its first download carries.
 */
export const SCREENS: readonly ScreenDeclaration[] = [
  {
    name: 'disputes-due',
    permissions: { list: 'disputes.read' },
    menu: { group: 'disputes', icon: 'gavel', label: 'Disputes due', count: 'disputesDue' },
    // The disputes waiting for an answer, by deadline.
    listOf: { resource: 'disputes', filter: { status: 'needs_response' } },
  },
  disputesScreen,
  disputeReportScreen,
  countryReportScreen,
  processedByReportScreen,
  // A form that mails an order's invoice: no records of its own.
  {
    name: 'send-invoice',
    permissions: { list: 'invoices.send' },
    menu: { group: 'invoices', icon: 'receipt', label: 'Manage Invoices' },
  },
  teamMembersScreen,
  gatewaysScreen,
  {
    name: 'change-password',
    permissions: { list: 'account.changePassword' },
    menu: { group: 'account', icon: 'lock', label: 'Change Password' },
  },
  auditEventsScreen,
  // The Configuration area: one link, to order fields; the area's tabs lead to the others.
  {
    name: 'order-fields',
    permissions: configuration,
    menu: { group: 'configuration', icon: 'view-week', label: 'Configuration' },
  },
  { name: 'custom-queues', permissions: configuration },
  mailTemplatesScreen,
  { name: 'automation-rules', permissions: configuration },
  { name: 'automation-runs', permissions: configuration },
  { name: 'macros', permissions: configuration },
  { name: 'retention-settings', permissions: configuration },
  { name: 'configuration-transfer', permissions: configuration },
  ordersScreen,
];

/** The screens with a sidebar link, group by group (MENU_GROUPS), each group's in the order listed (sort is stable). */
export const menuScreens = (screens: readonly ScreenDeclaration[]): ScreenDeclaration[] =>
  screens
    .filter((screen) => screen.menu)
    .sort((a, b) => MENU_GROUPS.indexOf(a.menu!.group) - MENU_GROUPS.indexOf(b.menu!.group));
