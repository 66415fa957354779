import { Link } from 'react-router-dom';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useBasename, usePermissions, useTranslate } from 'react-admin';
import { QUEUES, queueByOrderName } from '@app/domain';
import { isVisibleTo, queueLabelKey } from '../layout/menuLinks';
import { ScreenHeader } from '../layout/ScreenHeader';
import { useTabTitle } from '../layout/useTabTitle';
import { QueueList } from '../queues/QueueScreen';
import { useFolderCounts } from '../queues/useFolderCounts';

const TILES = QUEUES.filter((queue) => queue.placement === 'tile');
/** SPEC section 2: New Orders is also the admin mount's home. */
const HOME_QUEUE = queueByOrderName('newOrder')!;

/** The dashboard: the tile queues with their counts (5 columns at desktop width), then the New Orders table. */
export function Dashboard() {
  const { permissions: role } = usePermissions<string>();
  const { data: counts } = useFolderCounts();
  const translate = useTranslate();
  const basename = useBasename();
  useTabTitle();
  return (
    <Box>
      <ScreenHeader title={translate('app.menu.dashboard')} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            md: 'repeat(5, minmax(0, 1fr))',
          },
        }}
      >
        {TILES.filter((queue) => isVisibleTo(role, queue)).map((queue) => (
          <Card key={queue.route} data-testid={`tile-${queue.route}`}>
            <CardActionArea component={Link} to={`${basename}/${queue.route}`} sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {translate(queueLabelKey(queue), { _: queue.label })}
                </Typography>
                <Typography variant="h4" component="p" data-testid={`tile-count-${queue.countField}`}>
                  {counts?.[queue.countField] ?? '…'}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      <ScreenHeader title={translate(queueLabelKey(HOME_QUEUE), { _: HOME_QUEUE.label })} />
      <QueueList queue={HOME_QUEUE} />
    </Box>
  );
}
