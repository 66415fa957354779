import { lazy } from 'react';
import HistoryIcon from '@mui/icons-material/History';

/** The audit-events resource (react-admin's examples/demo shape): the Audit Log, read-only, loaded when first opened. */
export default {
  list: lazy(() => import('./AuditEventList')),
  icon: HistoryIcon,
  recordRepresentation: 'id',
};
