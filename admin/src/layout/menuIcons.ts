import type { MenuIcon } from '@app/domain';
import GavelIcon from '@mui/icons-material/Gavel';
import PublicIcon from '@mui/icons-material/Public';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import TimerIcon from '@mui/icons-material/Timer';
import ReceiptIcon from '@mui/icons-material/Receipt';
import GroupIcon from '@mui/icons-material/Group';
import PaymentIcon from '@mui/icons-material/Payment';
import LockIcon from '@mui/icons-material/Lock';
import HistoryIcon from '@mui/icons-material/History';
import ViewWeekIcon from '@mui/icons-material/ViewWeek';

/**
 * The sidebar's icons by the names screens declare (domain MenuIcon): the only icons of screens the first
 * download carries, each imported by its own path so that no other icon comes with it.
 */
export const MENU_ICONS: Record<MenuIcon, typeof GavelIcon> = {
  gavel: GavelIcon,
  public: PublicIcon,
  assignment: AssignmentTurnedInIcon,
  timer: TimerIcon,
  receipt: ReceiptIcon,
  group: GroupIcon,
  payment: PaymentIcon,
  lock: LockIcon,
  history: HistoryIcon,
  'view-week': ViewWeekIcon,
};
