import { lazy } from 'react';
import { ordersResource } from '@app/domain';
import ReceiptIcon from '@mui/icons-material/Receipt';

/**
 * The `orders` resource's views. Its lists are the queues (one List per queue of domain/queues.ts at
 * the old system's routes: see queues/QueueScreen and futureOrders); its Show is the order page, at
 * /admin/view-order/{encodedId}, which loads when first opened.
 */
export const OrderShow = lazy(() => import('./OrderShow'));

export default {
  show: OrderShow,
  icon: ReceiptIcon,
  recordRepresentation: ordersResource.recordRepresentation,
};
