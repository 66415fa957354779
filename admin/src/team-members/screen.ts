import { lazy } from 'react';
import { teamMembersResource } from '@app/domain';
import type { FolderScreens } from '../shared/screenViews';

/**
 * Manage Team (react-admin's examples/demo shape): its views load when first opened. The list view adds as
 * well (as in the old system: one screen adds and lists), and the edit view shows the list under its form.
 */
export default {
  'team-members': {
    list: lazy(() => import('./TeamMemberList')),
    create: lazy(() => import('./TeamMemberCreate')),
    edit: lazy(() => import('./TeamMemberEdit')),
    recordRepresentation: teamMembersResource.recordRepresentation,
  },
} satisfies FolderScreens;
