import { HttpError } from 'react-admin';
import { API_BASE } from '../config';
import { readStoredUser } from './session';

/** The answer envelope of every SPEC endpoint. */
export interface Envelope<T = unknown> {
  status: number;
  message: string;
  data?: T;
  [extra: string]: unknown;
}

/**
 * Calls the API: JSON in and out, the stored token in Authorization with no prefix (SPEC section 7).
 * A non-2xx answer or a status other than 1 becomes an HttpError carrying the server's message,
 * so react-admin shows it and the auth provider sees 401s.
 */
export async function apiCall<T = unknown>(
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<Envelope<T>> {
  const headers = new Headers(init.headers);
  const token = readStoredUser()?.accessToken;
  if (token) headers.set('Authorization', token);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const response = await fetch(API_BASE + path.replace(/^\//, ''), { ...init, headers, body });
  const payload = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!response.ok || !payload || payload.status !== 1) {
    const message = payload?.message ?? `The server answered ${response.status}.`;
    throw new HttpError(message, response.status === 200 ? 400 : response.status, payload);
  }
  return payload;
}

/**
 * Calls an endpoint that answers bytes (a PDF) on success and the JSON envelope on failure; the
 * failure becomes the same HttpError as apiCall's.
 */
export async function apiBlob(path: string, json: unknown): Promise<Blob> {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  const token = readStoredUser()?.accessToken;
  if (token) headers.set('Authorization', token);
  const response = await fetch(API_BASE + path.replace(/^\//, ''), {
    method: 'POST',
    headers,
    body: JSON.stringify(json),
  });
  if (response.ok && !(response.headers.get('Content-Type') ?? '').includes('application/json')) {
    return response.blob();
  }
  const payload = (await response.json().catch(() => null)) as Envelope | null;
  const message = payload?.message ?? `The server answered ${response.status}.`;
  throw new HttpError(message, response.ok ? 400 : response.status, payload);
}
