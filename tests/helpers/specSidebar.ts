import type { Role } from '@app/domain';

/**
 * The old system's sidebar in order (after the Dashboard link the admin adds), and the links each role does
 * not see (docs/product.md#roles-and-permissions): the expectation that the sidebar tests compare the app with.
 */
const SPEC_SIDEBAR = [
  'Dashboard',
  'Awaiting Customer',
  'Awaiting Govt',
  'Contact Customer',
  'Customer Called',
  'Order History',
  'Future Orders',
  'Deleted Orders',
  'Refunds',
  'Charge Back',
  // The dispute desk, under Charge Back: every role reads disputes; the report is for Admins and Managers.
  'Disputes due',
  'Disputes',
  'Dispute report',
  'Country Order List',
  'Order Processed',
  // The SLA report, for Admins and Managers.
  'SLA report',
  'Manage Invoices',
  'Manage Team',
  'Gateway Setting',
  'Change Password',
  // The Audit Log, for Admins and Managers.
  'Audit Log',
  // The Configuration area, for Admins only.
  'Configuration',
];
const HIDDEN: Record<Role, string[]> = {
  Admin: [],
  Manager: ['Configuration'],
  Team: ['Dispute report', 'Order Processed', 'SLA report', 'Audit Log', 'Configuration'],
  Telecaller: ['Order History', 'Dispute report', 'Order Processed', 'SLA report', 'Audit Log', 'Configuration'],
  'Night Staff': [
    'Dispute report',
    'Order Processed',
    'SLA report',
    'Manage Team',
    'Gateway Setting',
    'Change Password',
    'Audit Log',
    'Configuration',
  ],
};

export const specSidebarFor = (role: Role): string[] => SPEC_SIDEBAR.filter((link) => !HIDDEN[role].includes(link));
