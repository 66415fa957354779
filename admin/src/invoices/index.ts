import { lazy } from 'react';
import ReceiptIcon from '@mui/icons-material/Receipt';

/**
 * The `send-invoice` resource: its one view, a form that mails an order's invoice, is its list view. The old system fixes
 * the screen at /admin/send-invoice, which is where react-admin puts a resource's list; a create view would sit
 * at /send-invoice/create behind a redirect, and there are no invoice records to list, show or edit.
 */
export default {
  list: lazy(() => import('./SendInvoice')),
  icon: ReceiptIcon,
};
