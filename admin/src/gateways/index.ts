import { lazy } from 'react';
import PaymentIcon from '@mui/icons-material/Payment';

/**
 * The `gateway-setting` resource (the API's `gateways`): its one view, Change Gateway, picks which gateway is
 * active. It is the list view, at the old system's /admin/gateway-setting: an Edit would need the active gateway's id in
 * its address, known only once the gateways are read, so opening the screen would wait on one request for
 * the next.
 */
export default {
  list: lazy(() => import('./GatewaySetting')),
  icon: PaymentIcon,
  recordRepresentation: 'gateway_name',
};
