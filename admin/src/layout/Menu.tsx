import type { ReactElement } from 'react';
import { Box, Chip } from '@mui/material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import PhoneCallbackIcon from '@mui/icons-material/PhoneCallback';
import HistoryIcon from '@mui/icons-material/History';
import EventIcon from '@mui/icons-material/Event';
import DeleteIcon from '@mui/icons-material/Delete';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import GavelIcon from '@mui/icons-material/Gavel';
import PublicIcon from '@mui/icons-material/Public';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import ReceiptIcon from '@mui/icons-material/Receipt';
import GroupIcon from '@mui/icons-material/Group';
import PaymentIcon from '@mui/icons-material/Payment';
import LockIcon from '@mui/icons-material/Lock';
import InboxIcon from '@mui/icons-material/Inbox';
import { Logout, Menu as RaMenu, useBasename, usePermissions, useTranslate } from 'react-admin';
import { useFolderCounts } from '../queues/useFolderCounts';
import { menuLinksFor } from './menuLinks';

/** Icons by route; a queue added to the domain table without one gets the inbox icon. */
const ICONS: Record<string, ReactElement> = {
  '': <DashboardIcon />,
  'awaiting-response': <HourglassTopIcon />,
  'awaiting-govt': <AccountBalanceIcon />,
  'contact-customer': <ContactPhoneIcon />,
  called: <PhoneCallbackIcon />,
  'order-history': <HistoryIcon />,
  'future-order': <EventIcon />,
  'deleted-order': <DeleteIcon />,
  'refund-order': <CurrencyExchangeIcon />,
  chargeback: <GavelIcon />,
  'country-order-list': <PublicIcon />,
  'processed-order': <AssignmentTurnedInIcon />,
  'send-invoice': <ReceiptIcon />,
  'manage-team': <GroupIcon />,
  'gateway-setting': <PaymentIcon />,
  'change-password': <LockIcon />,
};

/** The sidebar of SPEC section 2: links in SPEC order with their counts, filtered by role (SPEC section 6). */
export function Menu() {
  const { permissions: role } = usePermissions<string>();
  const { data: counts } = useFolderCounts();
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <RaMenu data-testid="sidebar">
      {menuLinksFor(role).map((link) => (
        <RaMenu.Item
          key={link.route}
          to={`${basename}/${link.route}`}
          data-testid={`menu-${link.route || 'dashboard'}`}
          leftIcon={ICONS[link.route] ?? <InboxIcon />}
          primaryText={
            // Spans only: react-admin puts the text in a <p>, which may not hold a <div>.
            <Box component="span" sx={{ display: 'flex', alignItems: 'center', width: '100%', gap: 1 }}>
              <Box component="span" sx={{ flexGrow: 1 }}>
                {translate(link.label, { _: link.fallback })}
              </Box>
              {link.countField && (
                <Chip
                  component="span"
                  size="small"
                  label={counts?.[link.countField] ?? '…'}
                  data-testid={`count-${link.countField}`}
                  sx={{ height: 20, fontSize: 12 }}
                />
              )}
            </Box>
          }
        />
      ))}
      {/* MUI menu items leave the tab order (tabIndex -1); the sidebar's links are in it, and so is Logout. */}
      <Logout tabIndex={0} />
    </RaMenu>
  );
}
