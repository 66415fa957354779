import { Link, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Loading,
  RefreshButton,
  Title,
  TopToolbar,
  useDataProvider,
  useRequireAccess,
  useTranslate,
} from 'react-admin';
import { dayjs, DATE_FORMATS, DB_DATE, type QueueDefinition } from '@app/domain';
import type { AppDataProvider } from '../providers/dataProvider';
import type { FutureMonth } from '../providers/methods/orders';
import { QueueList } from './QueueScreen';
import { useFolderCounts } from '../queries/useFolderCounts';

const MONTH_PATTERN = /^\d{4}-\d{2}$/;
/** The tile and route of the future orders past the twelve months. */
const LATER = 'later';

function useFutureMonths() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: ['futureOrderMonths'], queryFn: () => dataProvider.getFutureOrderMonths() });
}

/** The processing dates a tile covers, as the orders resource's range filter. */
function dateRange(tile: string, months: FutureMonth[]): Record<string, string> {
  if (tile !== LATER) {
    const first = dayjs.utc(`${tile}-01`);
    return { processing_date_gte: first.format(DB_DATE), processing_date_lte: first.endOf('month').format(DB_DATE) };
  }
  const last = months.at(-1)?.month;
  return last ? { processing_date_gte: dayjs.utc(`${last}-01`).add(1, 'month').format(DB_DATE) } : {};
}

function Tile({ to, label, count, testId }: { to: string; label: string; count: number; testId: string }) {
  const translate = useTranslate();
  return (
    <Card data-testid={testId}>
      <CardActionArea component={Link} to={to}>
        <CardContent>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h5" component="p">
            {translate('app.future.orders', { smart_count: count })}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/**
 * Twelve month tiles from the current month, each with its count of future orders, then a Later tile
 * for the orders planned past them, so that the tiles add up to the sidebar's count.
 */
function MonthTiles() {
  const translate = useTranslate();
  const { data: months, isPending } = useFutureMonths();
  const { data: counts } = useFolderCounts();
  if (isPending) return <Loading />;
  const inMonths = (months ?? []).reduce((sum, month) => sum + month.count, 0);
  const later = Math.max(0, (counts?.futureOrdersCount ?? inMonths) - inMonths);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(160px, 100%), 1fr))' }}>
      {months?.map((month) => (
        <Tile
          key={month.month}
          to={month.month}
          label={month.label}
          count={month.count}
          testId={`month-${month.month}`}
        />
      ))}
      <Tile to={LATER} label={translate('resources.orders.future.later')} count={later} testId="month-later" />
    </Box>
  );
}

/** One tile's future orders with Back to the tiles; the search stays inside the tile's dates. */
function MonthOrders({ queue }: { queue: QueueDefinition }) {
  const { month = '' } = useParams();
  const navigate = useNavigate();
  const translate = useTranslate();
  const { data: months } = useFutureMonths();
  const valid = MONTH_PATTERN.test(month) || month === LATER;
  return (
    <>
      <Box>
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('..')} data-testid="back">
          {translate('app.actions.back')}
        </Button>
      </Box>
      {!valid && <Typography color="error">{translate('app.future.badMonth')}</Typography>}
      {valid && !months && <Loading />}
      {valid && months && (
        <>
          <Typography variant="h6" component="h2">
            {month === LATER
              ? translate('resources.orders.future.later')
              : dayjs.utc(`${month}-01`).format(DATE_FORMATS.processMonth)}
          </Typography>
          <QueueList
            key={month}
            queue={queue}
            filter={dateRange(month, months)}
            storeKey={`queue.${queue.orderName}.${month}`}
          />
        </>
      )}
    </>
  );
}

/**
 * Future Order, the list view of the future queue's resource: month tiles, then a month's table
 * (that table's List checks access itself; the tiles ask react-admin's access control here).
 */
export default function FutureOrders({ queue }: { queue: QueueDefinition }) {
  const translate = useTranslate();
  const { isPending } = useRequireAccess({ resource: queue.route, action: 'list' });
  if (isPending) return null;
  return (
    <>
      <Title title={translate('app.future.title')} preferenceKey={false} />
      <TopToolbar>
        <RefreshButton />
      </TopToolbar>
      <Routes>
        <Route index element={<MonthTiles />} />
        <Route path=":month" element={<MonthOrders queue={queue} />} />
      </Routes>
    </>
  );
}
