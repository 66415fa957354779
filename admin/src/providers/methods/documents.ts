import type { MailProvider } from '@app/domain';
import { apiBlob, apiCall } from '../httpClient';
import { messageOf } from './orders';

export interface UploadInput {
  orderId: number;
  email: string;
  file: File;
  mailServiceProvider: MailProvider;
  /** The order's version the page showed: a change since is refused (409). */
  version?: number;
}

/** The multipart form of upload-visa-document, with the old system's field names. */
export function uploadFormData(input: UploadInput): FormData {
  const form = new FormData();
  form.append('orderId', String(input.orderId));
  form.append('email', input.email);
  form.append('mailServiceProvider', input.mailServiceProvider);
  if (input.version !== undefined) form.append('version', String(input.version));
  form.append('uploadVisaDoc', input.file);
  return form;
}

/** Documents, mail, invoices and evidence packs of an order (docs/product.md#the-old-systems-calls). */
export const documentsMethods = {
  /** Uploads the finished document and mails it through the chosen provider (multipart). */
  uploadVisaDocument: (input: UploadInput) =>
    messageOf(apiCall('admin/upload-visa-document', { method: 'POST', body: uploadFormData(input) })),
  resendMail: (input: { orderId: number; email: string; mailServiceProvider: MailProvider; version?: number }) =>
    messageOf(apiCall('admin/resend-mail', { method: 'POST', json: input })),
  sendInvoice: (orderId: number) => messageOf(apiCall('admin/send-invoice', { method: 'POST', json: { orderId } })),
  /** Defence Pack 1 (downloads) or 2 (mails) as a PDF. */
  getDefencePackPdf: (orderId: number, defencePackType: 1 | 2) =>
    apiBlob('admin/get-defence-pack-pdf', { orderId, defencePackType }),
  saveDefencePackDetails: (input: { orderId: number; transactionId: string; merchantName: string }) =>
    messageOf(apiCall('admin/defence-pack-details', { method: 'POST', json: input })),
};
