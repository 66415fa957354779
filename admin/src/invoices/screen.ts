import { lazy } from 'react';
import type { FolderScreens } from '../shared/screenViews';

/**
 * Send Invoice: its one view, a form that mails an order's invoice, is its list view. The old system fixes the
 * screen at /admin/send-invoice, which is where react-admin puts a resource's list; there are no invoice
 * records to list, show or edit.
 */
export default {
  'send-invoice': { list: lazy(() => import('./SendInvoice')) },
} satisfies FolderScreens;
