import { lazy } from 'react';
import GroupIcon from '@mui/icons-material/Group';

/**
 * The team-members resource (react-admin's examples/demo shape). Its list, create and edit views are one
 * screen at SPEC's addresses, /admin/manage-team and /admin/manage-team/{id}, loaded when first opened.
 */
const ManageTeam = lazy(() => import('./ManageTeam'));

export default {
  list: ManageTeam,
  create: ManageTeam,
  edit: ManageTeam,
  icon: GroupIcon,
  recordRepresentation: 'name',
};
