import { Link } from 'react-router-dom';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Title, useCreatePath, usePermissions, useTranslate } from 'react-admin';
import { can, QUEUES, queueByOrderName } from '@app/domain';
import { queueLabelKey } from '../layout/menuLinks';
import { roleCanAccess } from '../providers/resources';
import { QueueList } from '../queues/QueueScreen';
import { useFolderCounts } from '../queries/useFolderCounts';
import { useCustomQueues } from '../queries/customQueues';
import DisputeRate from '../disputes/DisputeRate';

const TILES = QUEUES.filter((queue) => queue.placement === 'tile');
/** New Orders is also the admin mount's home. */
const HOME_QUEUE = queueByOrderName('newOrder')!;

/**
 * The dashboard: the tile queues and the custom queues with their counts (5 columns at desktop width), then the New Orders table.
 * Loaded when first opened (App.tsx), as a cold start on a queue does not draw it.
 */
export default function Dashboard() {
  const { permissions: role } = usePermissions<string>();
  const { data: counts } = useFolderCounts();
  const translate = useTranslate();
  const createPath = useCreatePath();
  // The custom queues the role may open (the API lists only those) follow the built-in tiles.
  const customQueues = useCustomQueues();
  const tiles = [...TILES.filter((queue) => roleCanAccess(role, queue.route)), ...customQueues];
  return (
    <Box>
      <Title title={translate('app.menu.dashboard')} preferenceKey={false} />
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
        {tiles.map((queue) => (
          <Card key={queue.route} data-testid={`tile-${queue.route}`}>
            <CardActionArea
              component={Link}
              to={createPath({ resource: queue.route, type: 'list' })}
              sx={{ height: '100%' }}
            >
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
      {can(role, 'disputes.manage') && <DisputeRate />}
      <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
        {translate(queueLabelKey(HOME_QUEUE), { _: HOME_QUEUE.label })}
      </Typography>
      <QueueList queue={HOME_QUEUE} />
    </Box>
  );
}
