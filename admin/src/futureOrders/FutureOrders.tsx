import { Link, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Loading, RefreshButton, useDataProvider, useTranslate } from 'react-admin';
import { DATE_FORMATS, formatUtc, type QueueDefinition } from '@app/domain';
import type { AppDataProvider } from '../providers/dataProvider';
import { ScreenHeader } from '../layout/ScreenHeader';
import { useTabTitle } from '../layout/useTabTitle';
import { RequirePermission } from '../layout/RequirePermission';
import { QueueList } from '../queues/QueueScreen';

const MONTH_PATTERN = /^\d{4}-\d{2}$/;

/** Twelve month tiles, from the current month, each with its count of future orders. */
function MonthTiles() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const { data: months, isPending } = useQuery({
    queryKey: ['futureOrderMonths'],
    queryFn: () => dataProvider.getFutureOrderMonths(),
  });
  if (isPending) return <Loading />;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}>
      {months?.map((month) => (
        <Card key={month.month} data-testid={`month-${month.month}`}>
          <CardActionArea component={Link} to={month.month}>
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {month.label}
              </Typography>
              <Typography variant="h5" component="p">
                {translate('app.future.orders', { smart_count: month.count })}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}

/** One month's future orders with Back to the tiles; the search looks through every future order. */
function MonthOrders({ queue }: { queue: QueueDefinition }) {
  const { month = '' } = useParams();
  const navigate = useNavigate();
  const translate = useTranslate();
  return (
    <>
      <Box>
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('..')} data-testid="back">
          {translate('app.actions.back')}
        </Button>
      </Box>
      {MONTH_PATTERN.test(month) ? (
        <>
          <Typography variant="h6" component="h2">
            {formatUtc(`${month}-01`, DATE_FORMATS.processMonth)}
          </Typography>
          <QueueList key={month} queue={queue} filter={{ month }} storeKey={`queue.${queue.orderName}.${month}`} />
        </>
      ) : (
        <Typography color="error">{translate('app.future.badMonth')}</Typography>
      )}
    </>
  );
}

/** Future Order (SPEC section 2): month tiles, then a month's table. */
export default function FutureOrders({ queue }: { queue: QueueDefinition }) {
  const translate = useTranslate();
  useTabTitle();
  return (
    <RequirePermission permission={queue.permission}>
      <ScreenHeader title={translate('app.future.title')}>
        <RefreshButton />
      </ScreenHeader>
      <Routes>
        <Route index element={<MonthTiles />} />
        <Route path=":month" element={<MonthOrders queue={queue} />} />
      </Routes>
    </RequirePermission>
  );
}
