/** Staff roles, highest first (docs/product.md#roles-and-permissions). */
export const ROLES = ['Admin', 'Manager', 'Team', 'Telecaller', 'Night Staff'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/** 0 is the highest rank. */
export const roleRank = (role: Role): number => ROLES.indexOf(role);

/** Roles at or below `role`: the ones a member of `role` may create, edit or delete. */
export const rolesManageableBy = (role: Role): Role[] => ROLES.filter((r) => roleRank(r) >= roleRank(role));

const ALL: readonly Role[] = ROLES;
const allBut = (...excluded: Role[]): readonly Role[] => ROLES.filter((r) => !excluded.includes(r));

/**
 * The permission matrix (docs/product.md#roles-and-permissions), enforced by the API and mirrored by the admin's menus
 * and buttons. A permission not listed here does not exist; every route names one.
 */
export const PERMISSIONS = {
  'orders.read': ALL,
  'orders.work': ALL,
  /** Delete orders, restore Deleted ones, and move or refund orders another member holds. */
  'orders.delete': ['Admin', 'Manager'],
  'orders.history': allBut('Telecaller'),
  'reports.country': ALL,
  'reports.processedBy': ['Admin', 'Manager'],
  /** SLA breaches and time to finish per queue, member and week. */
  'reports.sla': ['Admin', 'Manager'],
  'invoices.send': ALL,
  'evidence.read': ALL,
  'team.manage': allBut('Night Staff'),
  /** Set another member's password (one's own goes through change-password, which asks for the current one). */
  'team.setPassword': ['Admin', 'Manager'],
  'gateways.manage': allBut('Night Staff'),
  'account.changePassword': allBut('Night Staff'),
  /** The audit log (who did what, when): evidence, so managers only. */
  'audit.read': ['Admin', 'Manager'],
  'account.signOut': ALL,
  /** One's own sessions, second factors and step-up checks. */
  'account.security': ALL,
  /** See and end the sessions of members of lower roles (an Admin: of anyone). */
  'team.sessions': ['Admin', 'Manager'],
  /** Remove a member's second factors, so that they enrol again. */
  'team.resetFactors': ['Admin'],
  /** One's own screen layout and saved queries (/api/preferences). */
  'preferences.own': ALL,
  /** Publish a role's default layout, which every member of that role starts from. */
  'preferences.publish': ['Admin'],
  /** Custom fields, built-in field overrides and custom queues: the Configuration area. */
  'configuration.manage': ['Admin'],
  /** The dispute desk: every role reads disputes, their evidence and the Disputes due list. */
  'disputes.read': ALL,
  /** Open, change and close disputes, match an unmatched one, and read the dispute report. */
  'disputes.manage': ['Admin', 'Manager'],
  /** Add a missing evidence item: the Team members who work the orders know what was sent. */
  'disputes.evidence': ['Admin', 'Manager', 'Team'],
  /** One's own notifications (the bell). */
  'notifications.own': ALL,
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

export const can = (role: string | null | undefined, permission: Permission): boolean =>
  isRole(role) && (PERMISSIONS[permission] as readonly Role[]).includes(role);

/**
 * Team management cannot raise privileges: an actor may touch only members at or below their own
 * role, and only an Admin touches an Admin.
 */
export function canManageMember(actor: Role, target: Role): boolean {
  if (target === 'Admin') return actor === 'Admin';
  return roleRank(target) >= roleRank(actor);
}
