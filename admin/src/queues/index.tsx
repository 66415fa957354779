import { lazy, Suspense, type ReactElement } from 'react';
import { Loading, Title, useTranslate } from 'react-admin';
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
import { queueLabelKey } from '../layout/menuLinks';
import { CUSTOM_QUEUE_ICONS } from './customQueueIcons';

const loadQueueScreen = () => import('./QueueScreen');
const QueueScreen = lazy(loadQueueScreen);

/**
 * Loads the queue table's code (the screen staff open most) without drawing it, once the page is idle, so that
 * the first queue opened from another screen shows at once without slowing the screen being drawn (parsing it
 * during a cold order page cost that page its first paint).
 */
export const preloadQueueScreen = () => {
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
  idle(() => void loadQueueScreen());
};
const FutureOrders = lazy(() => import('./FutureOrders'));

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

const iconOf = (queue: QueueDefinition) =>
  ICONS[queue.route] ?? CUSTOM_QUEUE_ICONS[queue.custom?.icon ?? ''] ?? InboxIcon;

/**
 * A queue table's screen: its title at once, then the table once its code has loaded. The title stays outside
 * the table's Suspense, so it shows while the code still comes.
 */
function QueueView({ queue }: { queue: QueueDefinition }) {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate(queueLabelKey(queue), { _: queue.label })} preferenceKey={false} />
      <Suspense fallback={<Loading />}>
        <QueueScreen queue={queue} />
      </Suspense>
    </>
  );
}

/** The views of a queue's resource (named by its route): its list, loaded when first opened. */
export const queueViews = (queue: QueueDefinition): { list: ReactElement; icon: typeof InboxIcon } => ({
  // Future Orders draws its title with its month tiles, which tell how many future orders each month holds.
  list: queue.columns === 'future' ? <FutureOrders queue={queue} /> : <QueueView queue={queue} />,
  icon: iconOf(queue),
});
