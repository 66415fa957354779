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
