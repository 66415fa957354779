import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import PhoneCallbackIcon from '@mui/icons-material/PhoneCallback';
import HistoryIcon from '@mui/icons-material/History';
import EventIcon from '@mui/icons-material/Event';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import GavelIcon from '@mui/icons-material/Gavel';
import InboxIcon from '@mui/icons-material/Inbox';

/**
 * The icons an Admin may give a custom queue (its `icon`, by name), among those the built-in queues already
 * load (a cold start downloads no more); another name shows the inbox.
 */
export const CUSTOM_QUEUE_ICONS: Record<string, typeof InboxIcon> = {
  inbox: InboxIcon,
  hourglass: HourglassTopIcon,
  bank: AccountBalanceIcon,
  phone: ContactPhoneIcon,
  callback: PhoneCallbackIcon,
  history: HistoryIcon,
  event: EventIcon,
  money: CurrencyExchangeIcon,
  gavel: GavelIcon,
};
