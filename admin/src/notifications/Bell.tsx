import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, IconButton } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useTranslate } from 'react-admin';
import { NOTIFICATIONS_KEY, readNotifications } from './api';
import { useLiveConnected, useLiveEvents } from '../live/LiveProvider';

/** The list opens with the first click: the header draws with the count alone. */
const BellPanel = lazy(() => import('./BellPanel'));

/** The bell in the header: the member's unread count, kept live by the event stream; a click lists them. */
export function Bell() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data } = useQuery({ queryKey: NOTIFICATIONS_KEY, queryFn: readNotifications, staleTime: 60_000 });
  // Notified before the stream opened (between the first read and its start): read again once it is open.
  const connected = useLiveConnected();
  useEffect(() => {
    if (connected) void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  }, [connected, queryClient]);
  useLiveEvents((event) => {
    if (event.type === 'notification' || event.type === 'resync')
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  });
  const unread = data?.unread ?? 0;
  return (
    <>
      <IconButton
        color="inherit"
        // The name holds the count shown, so speech input can say what is seen.
        aria-label={
          unread > 0
            ? translate('app.header.notificationsUnread', { smart_count: unread })
            : translate('app.header.notifications')
        }
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="bell"
      >
        <NotificationsIcon />
        {/* A plain count over the icon: MUI's Badge would weigh more than the whole bell. */}
        {unread > 0 && (
          <Box
            component="span"
            data-testid="bell-count"
            sx={{
              position: 'absolute',
              top: 2,
              right: 0,
              minWidth: 18,
              px: 0.5,
              borderRadius: 9,
              bgcolor: 'error.main',
              color: 'error.contrastText',
              fontSize: 11,
              lineHeight: '18px',
            }}
          >
            {unread}
          </Box>
        )}
      </IconButton>
      {anchor && (
        <Suspense>
          <BellPanel anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
