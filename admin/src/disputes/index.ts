import { lazy } from 'react';
import GavelIcon from '@mui/icons-material/Gavel';

/** The dispute desk's screens, each loaded when first opened: none is needed to draw a queue. */
export const disputes = {
  list: lazy(() => import('./DisputeList')),
  show: lazy(() => import('./DisputeShow')),
  edit: lazy(() => import('./DisputeEdit')),
  create: lazy(() => import('./DisputeCreate')),
  icon: GavelIcon,
  recordRepresentation: 'id',
};
/** Disputes due: the same list, of those waiting for an answer, by deadline. */
export const disputesDue = { list: disputes.list, icon: GavelIcon };
export const disputeReport = { list: lazy(() => import('./DisputeReport')), icon: GavelIcon };
