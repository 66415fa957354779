import { lazy } from 'react';
import { ordersResource } from '@app/domain';
import type { FolderScreens } from '../shared/screenViews';

/**
 * The `orders` screen's views. Its lists are the queues (one List per queue of domain/queues.ts at the old
 * system's routes: see queues/QueueScreen and futureOrders); its Show is the order page, at
 * /admin/view-order/{encodedId} (routes.ts), which loads when first opened.
 */
export default {
  orders: { show: lazy(() => import('./OrderShow')), recordRepresentation: ordersResource.recordRepresentation },
} satisfies FolderScreens;
