import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, List, ListItemButton, ListItemText, Popover, Typography } from '@mui/material';
import { useBasename, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { apiUrl, httpClient } from '../providers/httpClient';
import { formatTimeFor } from '../registry';
import { NOTIFICATIONS_KEY, readNotifications } from './api';

const post = (path: string, ids: number[] | 'all') =>
  httpClient(apiUrl(path), { method: 'POST', body: JSON.stringify({ ids }) });

/** The member's notifications, newest first: a click opens what it is about and marks it read; all read, or cleared. */
export default function BellPanel({ anchor, onClose }: { anchor: HTMLElement; onClose: () => void }) {
  const translate = useTranslate();
  const basename = useBasename();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: NOTIFICATIONS_KEY, queryFn: readNotifications });
  const after = (done: Promise<unknown>) =>
    done.then(() => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }));
  const notifications = data?.notifications ?? [];
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Box sx={{ width: 360, maxHeight: 480, overflow: 'auto' }} data-testid="notifications">
        <Box sx={{ display: 'flex', gap: 1, p: 1 }}>
          <Button size="small" onClick={() => void after(post('notifications/read', 'all'))}>
            {translate('app.notifications.readAll')}
          </Button>
          <Button size="small" onClick={() => void after(post('notifications/clear', 'all'))}>
            {translate('app.notifications.clearAll')}
          </Button>
        </Box>
        {notifications.length === 0 && <Typography sx={{ p: 2 }}>{translate('app.notifications.none')}</Typography>}
        <List dense>
          {notifications.map((n) => (
            <ListItemButton
              key={n.id}
              selected={!n.read}
              onClick={() => {
                void after(post('notifications/read', [n.id]));
                if (n.link) navigate(`${basename}${n.link}`);
                onClose();
              }}
            >
              <ListItemText
                primary={n.title}
                secondary={[n.body, formatTimeFor(n.createdAt)].filter(Boolean).join(' · ')}
              />
            </ListItemButton>
          ))}
        </List>
      </Box>
    </Popover>
  );
}
