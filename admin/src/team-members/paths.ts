import type { Identifier } from 'react-admin';

/**
 * Manage Team's addresses under /admin (SPEC section 2), where react-admin's would be /team-members and
 * /team-members/{id}: the list view (which adds too) and the edit view.
 */
export const teamMemberPaths = {
  list: '/manage-team',
  edit: (id: Identifier) => `/manage-team/${id}`,
};
