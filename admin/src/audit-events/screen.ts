import { lazy } from 'react';
import type { FolderScreens } from '../shared/screenViews';

/** The Audit Log (react-admin's examples/demo shape): read-only, loaded when first opened. */
export default {
  'audit-events': { list: lazy(() => import('./AuditEventList')), recordRepresentation: 'id' },
} satisfies FolderScreens;
