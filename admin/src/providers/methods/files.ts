import { HttpError } from 'react-admin';
import { fileNameOf } from '@app/browser/download';
import { API_BASE } from '../../shared/config';
import type { Envelope } from '../httpClient';
import { readStoredUser } from '../session';
import { uploadFormData, type UploadInput } from './documents';
import type { ActionAnswer } from './orders';

/** A document's bytes and the name the server gives it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

const refusal = (status: number, payload: Envelope | null) =>
  new HttpError(payload?.message ?? `The server answered ${status}.`, status === 200 ? 400 : status, payload);

const parseEnvelope = (text: string): Envelope | null => {
  try {
    return JSON.parse(text) as Envelope;
  } catch {
    return null;
  }
};

/**
 * Uploaded documents and their transfers. Files are served only to a signed-in member
 * (docs/product.md#documents-mail-and-evidence), so they are fetched with the token rather than linked; uploads report their progress.
 */
export const filesMethods = {
  /** The upload of documentsMethods, through XMLHttpRequest so that `onProgress` sees the bytes go (0..1). */
  uploadVisaDocumentWithProgress(input: UploadInput, onProgress: (fraction: number) => void): Promise<ActionAnswer> {
    return new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', `${API_BASE}admin/upload-visa-document`);
      const token = readStoredUser()?.accessToken;
      if (token) request.setRequestHeader('Authorization', token);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      request.onload = () => {
        const payload = parseEnvelope(request.responseText);
        if (request.status >= 200 && request.status < 300 && payload?.status === 1)
          resolve({ message: payload.message });
        else reject(refusal(request.status, payload));
      };
      request.onerror = () => reject(new HttpError('The upload failed: the server could not be reached.', 0));
      request.send(uploadFormData(input));
    });
  },
  /** A document link of the order details (`/uploads/docs/{orderId}_{file1}`), read with the staff token. */
  async fetchDocument(link: string): Promise<DownloadedFile> {
    const headers = new Headers();
    const token = readStoredUser()?.accessToken;
    if (token) headers.set('Authorization', token);
    const response = await fetch(link, { headers });
    if (!response.ok) throw refusal(response.status, parseEnvelope(await response.text()));
    const fallback = link.split('/').pop() ?? 'document';
    return { blob: await response.blob(), fileName: fileNameOf(response, fallback) };
  },
};
