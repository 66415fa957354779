import { lazy } from 'react';
import PaymentIcon from '@mui/icons-material/Payment';

/** The gateways resource: its one screen is Change Gateway at SPEC's /admin/gateway-setting. */
export default {
  list: lazy(() => import('./GatewaySetting')),
  icon: PaymentIcon,
  recordRepresentation: 'gateway_name',
};
