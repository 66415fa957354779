import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Loading, useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { ScreenHeader } from '../layout/ScreenHeader';
import { useTabTitle } from '../layout/useTabTitle';
import { useRefreshFolderCounts } from '../queues/useFolderCounts';
import { AddComment } from './AddComment';
import { CommentHistory } from './CommentHistory';
import { DetailSections } from './DetailSections';
import { DownloadHistory } from './DownloadHistory';
import { EmailHistory } from './EmailHistory';
import { OrderActions } from './OrderActions';
import { UploadDocument } from './UploadDocument';
import type { OrderDetails } from './types';

/** While a mail is still on its way, Email History is read again this often to show how it went. */
const MAIL_POLL_MS = 2000;
const inFlight = (order: OrderDetails | undefined) =>
  !!order?.mailHistory.some((mail) => mail.state === 'queued' || mail.state === 'sending');

/** View order (/admin/view-order/{encodedId}): every section of SPEC section 2, in order. */
export default function ViewOrder() {
  const { encodedId = '' } = useParams();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const refreshCounts = useRefreshFolderCounts();
  useTabTitle();
  const details = useQuery({
    queryKey: ['orderDetails', encodedId],
    queryFn: async () => (await dataProvider.getOne<OrderDetails>('orders', { id: encodedId })).data,
    refetchInterval: (query) => (inFlight(query.state.data) ? MAIL_POLL_MS : false),
    retry: false,
  });
  const onChanged = () => {
    void details.refetch();
    void refreshCounts();
  };
  const order = details.data;
  return (
    <>
      <ScreenHeader
        title={order ? translate('app.order.titleWithId', { orderId: order.order_id }) : translate('app.order.title')}
      >
        <Button startIcon={<RefreshIcon />} onClick={onChanged} data-testid="order-refresh">
          {translate('ra.action.refresh')}
        </Button>
      </ScreenHeader>
      {details.isPending && <Loading />}
      {details.error && (
        <Typography color="error" data-testid="order-error">
          {details.error.message}
        </Typography>
      )}
      {order && (
        // Sections keep their form state across re-reads, but start afresh for another order.
        <div key={order.order_id} data-testid="view-order">
          <OrderActions order={order} onChanged={onChanged} />
          <EmailHistory order={order} onChanged={onChanged} />
          <UploadDocument order={order} onChanged={onChanged} />
          <DetailSections order={order} />
          <DownloadHistory order={order} onChanged={onChanged} />
          <CommentHistory order={order} />
          <AddComment orderId={order.order_id} onChanged={onChanged} />
        </div>
      )}
    </>
  );
}
