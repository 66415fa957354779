import { lazy } from 'react';
import GavelIcon from '@mui/icons-material/Gavel';

/** The desk's screens, one chunk loaded when one of them first opens: none is needed to draw a queue. */
const screens = () => import('./screens');

export const disputes = {
  list: lazy(() => screens().then((m) => ({ default: m.DisputeList }))),
  show: lazy(() => screens().then((m) => ({ default: m.DisputeShow }))),
  edit: lazy(() => screens().then((m) => ({ default: m.DisputeEdit }))),
  create: lazy(() => screens().then((m) => ({ default: m.DisputeCreate }))),
  icon: GavelIcon,
  recordRepresentation: 'id',
};
/** Disputes due: the same list, of those waiting for an answer, by deadline. */
export const disputesDue = { list: disputes.list, icon: GavelIcon };
export const disputeReport = {
  list: lazy(() => screens().then((m) => ({ default: m.DisputeReport }))),
  icon: GavelIcon,
};
