import { lazy, type ReactElement } from 'react';
import type { QueueDefinition } from '@app/domain';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import PhoneCallbackIcon from '@mui/icons-material/PhoneCallback';
import HistoryIcon from '@mui/icons-material/History';
import EventIcon from '@mui/icons-material/Event';
import DeleteIcon from '@mui/icons-material/Delete';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import GavelIcon from '@mui/icons-material/Gavel';
import InboxIcon from '@mui/icons-material/Inbox';

const QueueScreen = lazy(() => import('./QueueScreen'));
const FutureOrders = lazy(() => import('../futureOrders/FutureOrders'));

/** Icons by queue route; a queue added to the domain table without one gets the inbox icon. */
const ICONS: Record<string, typeof InboxIcon> = {
  'awaiting-response': HourglassTopIcon,
  'awaiting-govt': AccountBalanceIcon,
  'contact-customer': ContactPhoneIcon,
  called: PhoneCallbackIcon,
  'order-history': HistoryIcon,
  'future-order': EventIcon,
  'deleted-order': DeleteIcon,
  'refund-order': CurrencyExchangeIcon,
  chargeback: GavelIcon,
};

/**
 * The views of a queue's resource (named by its route, DESIGN section 3): its list, the month tiles for the
 * future queue and the queue table otherwise, loaded when first opened.
 */
export const queueViews = (queue: QueueDefinition): { list: ReactElement; icon: typeof InboxIcon } => ({
  list: queue.columns === 'future' ? <FutureOrders queue={queue} /> : <QueueScreen queue={queue} />,
  icon: ICONS[queue.route] ?? InboxIcon,
});
