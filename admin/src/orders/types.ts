import type { MailProvider, Status } from '@app/domain';
import type { OrderRow } from '../providers/methods/orders';

/** A mail of the order's outbox (Email History), newest first; `state` shows how far it got. */
export interface MailHistoryEntry {
  id: number;
  order_id: number;
  create_ts: string;
  kind: string;
  provider: MailProvider;
  to_email: string;
  subject: string;
  state: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  uploadDoc: { file1: string; mail_service_provider: MailProvider } | null;
}

export interface UploadedDocument {
  id: number;
  order_id: number;
  file1: string;
  customer_name: string | null;
  mail_service_provider: MailProvider;
  original_name: string | null;
  create_ts: string;
  /** `/uploads/docs/{orderId}_{file1}`: served only with the staff token. */
  link: string;
}

export interface DownloadEntry {
  id: number;
  order_id: number;
  create_ts: string;
  ip: string | null;
  location: string | null;
  file1: string | null;
}

/** A comment; us_date/us_time are New York time (MM-DD-YYYY, h:mm:ss A). Flags are 'Y' when ticked. */
export interface RemarkEntry {
  id: number;
  order_id: number;
  us_date: string;
  us_time: string;
  remark_name: string;
  remark: string;
  whatsapp: string | null;
  telephone: string | null;
  status_refund: string | null;
  voided: string | null;
  chargeback: string | null;
  report_error: string | null;
}

/** get-orders-details: every order column plus the four histories (SPEC section 3). */
export interface OrderDetails extends OrderRow {
  process_status: Status;
  encodedId: string;
  transaction_id: string | null;
  merchant_name: string | null;
  mailHistory: MailHistoryEntry[];
  uploadDoc: UploadedDocument[];
  downloadHistory: DownloadEntry[];
  remark: RemarkEntry[];
  [column: string]: unknown;
}
