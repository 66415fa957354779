import { fileNameOf, saveBlob } from '@app/browser/download';
import type { Notice } from './notice';

/** A refused or failed call: the HTTP status (0 when the server was not reached) and its message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

export interface DownloadRow {
  id: number;
  order_id: number;
  /** UTC, 'YYYY-MM-DD HH:mm:ss': shown in the visitor's own time zone. */
  create_ts: string;
  ip: string | null;
  device: string | null;
  device_type: string | null;
  browser: string | null;
  os: string | null;
  location: string | null;
  /** The city of the IP, from the location database. */
  city: string | null;
}

export interface DownloadPage {
  data: DownloadRow[];
  mainResult: { order_id: number; full_name: string | null; process_status: string };
  path: { file1: string } | null;
}

async function request(url: string, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new ApiError(0, 'offline');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message ?? '', Number(response.headers.get('retry-after')) || null);
  }
  return response;
}

/** The visitor calls of the old system, under /api/front. */
async function post<T>(call: string, body: object): Promise<T> {
  const response = await request(`/api/front/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
}

export const trackOrder = (orderId: string, email: string) =>
  post<{ data: { orderId: number; token: string } }>('track-order', { orderId, email }).then((r) => r.data);

export const getDownloadHistory = (orderId: number, token: string) =>
  post<DownloadPage>('get-download-history', { orderId: String(orderId), token });

export const requestDownload = (orderId: number, token: string, file1: string, customername: string) =>
  post<{ data: { url: string; fileName: string } }>('download-passport-doc-pdf', {
    orderId: String(orderId),
    token,
    file1,
    customername,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  }).then((r) => r.data);

/** Fetches the signed file and hands it to the browser as a download under the name it is served with. */
export async function saveFile(url: string, fileName: string) {
  const response = await request(url);
  saveBlob(await response.blob(), fileNameOf(response, fileName));
}

/** What to tell the visitor about a failed call; `notFound` is the page's own wording for a 404. */
export function noticeFor(error: unknown, notFound: Notice['key']): Notice {
  if (!(error instanceof ApiError)) return { tone: 'error', key: 'serverError' };
  switch (error.status) {
    case 0:
      return { tone: 'error', key: 'offline' };
    case 403:
      return { tone: 'error', key: 'sessionExpired' };
    case 404:
      return { tone: 'error', key: notFound };
    case 429:
      return {
        tone: 'error',
        key: 'tooManyAttempts',
        params: { minutes: Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60)) },
      };
    case 400:
      return { tone: 'error', text: error.message };
    default:
      return { tone: 'error', key: 'serverError' };
  }
}
