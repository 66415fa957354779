import type { TestApp } from './app.js';

export interface UploadForm {
  orderId?: number | string;
  email?: string;
  mailServiceProvider?: string;
  file?: { bytes: Buffer; name: string; type?: string };
}

/** Posts the upload form of the order page as the admin sends it (multipart/form-data). */
export function postUpload(t: TestApp, token: string, form: UploadForm) {
  const data = new FormData();
  if (form.orderId !== undefined) data.append('orderId', String(form.orderId));
  if (form.email !== undefined) data.append('email', form.email);
  if (form.mailServiceProvider !== undefined) data.append('mailServiceProvider', form.mailServiceProvider);
  if (form.file) {
    data.append(
      'uploadVisaDoc',
      new File([new Uint8Array(form.file.bytes)], form.file.name, { type: form.file.type ?? 'application/pdf' }),
    );
  }
  return t.call(token, { method: 'POST', url: '/api/admin/upload-visa-document', payload: data });
}
