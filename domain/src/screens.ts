import { MENU_GROUPS, type ScreenDeclaration } from './registry/types.js';

const manage = 'configuration.manage';
/** A screen of the Configuration area that only lists (or shows one form where a list would be). */
const configuration = { list: manage } as const;

/* The screens of registry resources: each resource spreads its own (domain/src/registry/<name>.ts). */

export const ordersScreen: ScreenDeclaration = {
  name: 'orders',
  // update: custom fields' values, each field's editRoles deciding who may change it.
  permissions: { list: 'orders.read', show: 'orders.read', update: 'orders.work' },
};

export const teamMembersScreen: ScreenDeclaration = {
  name: 'team-members',
  permissions: {
    list: 'team.manage',
    show: 'team.manage',
    create: 'team.manage',
    update: 'team.manage',
    delete: 'team.manage',
  },
  menu: { group: 'team', icon: 'group', label: 'Manage Team' },
};

export const gatewaysScreen: ScreenDeclaration = {
  name: 'gateways',
  permissions: { list: 'gateways.manage', show: 'gateways.manage', update: 'gateways.manage' },
  menu: { group: 'settings', icon: 'payment', label: 'Gateway Setting' },
};

export const auditEventsScreen: ScreenDeclaration = {
  name: 'audit-events',
  permissions: { list: 'audit.read' },
  menu: { group: 'audit', icon: 'history', label: 'Audit Log' },
};

export const countryReportScreen: ScreenDeclaration = {
  name: 'country-report',
  permissions: { list: 'reports.country' },
  menu: { group: 'reports', icon: 'public', label: 'Country Order List' },
};

export const processedByReportScreen: ScreenDeclaration = {
  name: 'processed-by-report',
  permissions: { list: 'reports.processedBy' },
  menu: { group: 'reports', icon: 'assignment', label: 'Order Processed' },
};

export const disputesScreen: ScreenDeclaration = {
  name: 'disputes',
  permissions: {
    list: 'disputes.read',
    show: 'disputes.read',
    create: 'disputes.manage',
    update: 'disputes.manage',
  },
  menu: { group: 'disputes', icon: 'gavel', label: 'Disputes' },
};

export const disputeReportScreen: ScreenDeclaration = {
  name: 'dispute-report',
  permissions: { list: 'disputes.manage' },
  menu: { group: 'disputes', icon: 'gavel', label: 'Dispute report' },
};

export const mailTemplatesScreen: ScreenDeclaration = {
  name: 'mail-templates',
  permissions: { list: manage, show: manage, create: manage, update: manage, delete: manage },
};

/**
 * Every screen of the admin besides the queues (domain/queues.ts), each declared once, here: its name (the API's
 * resource and the admin's `<Resource>` alike), what each verb needs, and its sidebar link. A screen with records
 * of its own has a registry resource of the same name that spreads its declaration and adds its table and fields
 * (domain/src/registry/<name>.ts); the others (a form, a desk view of another's records, a configuration area)
 * are only this. The admin registers a `<Resource>` of each with its folder's views, opens it to the roles its
 * list (or show) permission names, and links it by its `menu`. This file is all of the registry the admin's first
 * download carries: the fields load with the screens that draw them.
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
  {
    name: 'sla-report',
    permissions: { list: 'reports.sla' },
    menu: { group: 'reports', icon: 'timer', label: 'SLA report' },
  },
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
  {
    name: 'sla-policies',
    permissions: { list: manage, show: manage, create: manage, update: manage, delete: manage },
  },
  { name: 'retention-settings', permissions: configuration },
  { name: 'configuration-transfer', permissions: configuration },
  ordersScreen,
];

/** The screens with a sidebar link, group by group (MENU_GROUPS), each group's in the order listed (sort is stable). */
export const menuScreens = (screens: readonly ScreenDeclaration[]): ScreenDeclaration[] =>
  screens
    .filter((screen) => screen.menu)
    .sort((a, b) => MENU_GROUPS.indexOf(a.menu!.group) - MENU_GROUPS.indexOf(b.menu!.group));
