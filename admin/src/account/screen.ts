import { lazy } from 'react';
import type { FolderScreens } from '../shared/screenViews';

/**
 * Change Password: its one view, the member's password form, is its list view, as for send-invoice: the old
 * system fixes the screen at /admin/change-password (and the address must stay there after a refused change),
 * which is where react-admin puts a resource's list; an edit view would sit at /change-password/{id}.
 */
export default {
  'change-password': { list: lazy(() => import('./ChangePassword')) },
} satisfies FolderScreens;
