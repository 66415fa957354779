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
  'Country Order List',
  'Order Processed',
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
  Team: ['Order Processed', 'Audit Log', 'Configuration'],
  Telecaller: ['Order History', 'Order Processed', 'Audit Log', 'Configuration'],
  'Night Staff': ['Order Processed', 'Manage Team', 'Gateway Setting', 'Change Password', 'Audit Log', 'Configuration'],
};

export const specSidebarFor = (role: Role): string[] => SPEC_SIDEBAR.filter((link) => !HIDDEN[role].includes(link));
