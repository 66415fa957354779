import { useEffect, useState } from 'react';
import { Alert, Box, Chip } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { describeChange, type OrderChangedEvent } from '@app/domain';
import { readStoredUser } from '../providers/session';
import { useLiveEvents } from './LiveProvider';
import { leaveOnUnload, sendPresence, type Viewer } from './presence';

/** How often an open order page says it is still open (the server forgets a viewer after 45 s). */
const PRESENCE_REFRESH_MS = 20_000;

/**
 * The live strip of the order page: who else has it open ("Also viewing: …"), and a banner when
 * someone else changes it, after which the page reads the order's new state.
 */
export function LiveOrderBar() {
  const order = useRecordContext();
  const translate = useTranslate();
  const refresh = useRefresh();
  const me = readStoredUser()?.id;
  const orderId = Number(order?.id);
  const [viewers, setViewers] = useState<Viewer[]>([]);
  const [change, setChange] = useState<OrderChangedEvent | null>(null);

  useEffect(() => {
    if (!Number.isSafeInteger(orderId)) return;
    const announce = () => sendPresence(orderId, true).then(setViewers, () => undefined);
    void announce();
    const timer = setInterval(announce, PRESENCE_REFRESH_MS);
    const leave = () => leaveOnUnload(orderId);
    window.addEventListener('pagehide', leave);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      void sendPresence(orderId, false).catch(() => undefined);
    };
  }, [orderId]);

  useLiveEvents((event) => {
    if (event.type === 'presence' && event.orderId === orderId) setViewers(event.members);
    if (event.type === 'order.changed' && event.orderId === orderId && event.by.id !== me) {
      setChange(event);
      refresh();
    }
  });

  const others = viewers.filter((v) => v.id !== me);
  if (!others.length && !change) return null;
  return (
    <Box sx={{ mb: 2, display: 'grid', gap: 1 }} data-testid="live-order-bar">
      {others.length > 0 && (
        <Chip
          icon={<VisibilityIcon />}
          color="info"
          variant="outlined"
          sx={{ justifySelf: 'start' }}
          label={translate('app.live.alsoViewing', { names: others.map((v) => v.name).join(', ') })}
          data-testid="also-viewing"
        />
      )}
      {change && (
        <Alert severity="warning" onClose={() => setChange(null)} data-testid="changed-by-other">
          {translate('app.live.changedBy', { name: change.by.name, change: describeChange(change) })}
        </Alert>
      )}
    </Box>
  );
}
