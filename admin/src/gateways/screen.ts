import { lazy } from 'react';
import type { FolderScreens } from '../shared/screenViews';

/**
 * Gateway Setting: its one view, Change Gateway, picks which gateway is active. It is the list view: an Edit
 * would need the active gateway's id in its address, known only once the gateways are read, so opening the
 * screen would wait on one request for the next.
 */
export default {
  gateways: { list: lazy(() => import('./GatewaySetting')), recordRepresentation: 'gateway_name' },
} satisfies FolderScreens;
