import { fetchUtils, HttpError } from 'react-admin';
import { API_BASE } from '../shared/config';
import { endSession, readStoredUser } from './session';
import { securityState } from './securityState';

/** The answer envelope of every old-system endpoint. */
export interface Envelope<T = unknown> {
  status: number;
  message: string;
  data?: T;
  [extra: string]: unknown;
}

/** What the HTTP client answers: ra-data-simple-rest's contract (fetchUtils.fetchJson's result). */
export type HttpAnswer = Awaited<ReturnType<typeof fetchUtils.fetchJson>>;

/** An API path (`admin/x`, `/admin/x`, `orders?…`) as a URL under the API base. */
export const apiUrl = (path: string) => API_BASE + path.replace(/^\//, '');

/**
 * The headers of an API request with the stored token in Authorization, with no prefix (docs/product.md#the-old-systems-calls).
 * The one place a request gets the token: the JSON client, the blob reader, the upload and the file reader use it.
 */
export function withToken(init?: HeadersInit): Headers {
  const headers = new Headers(init);
  const token = readStoredUser()?.accessToken;
  if (token) headers.set('Authorization', token);
  return headers;
}

/**
 * The one mapping of a refused answer (docs/product.md#errors): an HttpError with the server's message and the HTTP
 * status (a 200 that is not status 1 counts as 400). A 401 ends the session here, whichever screen or hook made
 * the call, and keeps its message for the sign-in page.
 */
export function refusal(httpStatus: number, payload: unknown): HttpError {
  const envelope = payload as Partial<Envelope> | null | undefined;
  const message =
    typeof envelope?.message === 'string' && envelope.message ? envelope.message : `The server answered ${httpStatus}.`;
  // A step-up request keeps the session: the client asks the member to confirm and retries.
  if (httpStatus === 401 && !envelope?.reauth) endSession(message);
  return new HttpError(message, httpStatus >= 200 && httpStatus < 300 ? 400 : httpStatus, payload);
}

/** GETs sent before React first draws, by URL, each answered once to the first call that asks for it. */
const earlyGets = new Map<string, { token: string | undefined; answer: Promise<HttpAnswer> }>();

/**
 * Sends a GET a cold load will need at once (the registry, the order an address names), beside the app's own
 * start, so that it need not wait for the app's code to run, the layout to draw and the access checks to settle.
 */
export function startEarlyGet(url: string) {
  const answer = fetchUtils.fetchJson(url, { headers: withToken({ Accept: 'application/json' }) });
  answer.catch(() => undefined); // a refusal is raised again to the call that takes it
  earlyGets.set(url, { token: readStoredUser()?.accessToken, answer });
}

/** The early answer for this call, when it is a plain GET of the same URL by the same member. */
function takeEarlyGet(url: string, options: fetchUtils.Options): Promise<HttpAnswer> | undefined {
  const early = earlyGets.get(url);
  if (!early || (options.method && options.method !== 'GET') || options.body !== undefined) return undefined;
  earlyGets.delete(url);
  return early.token === readStoredUser()?.accessToken ? early.answer : undefined;
}

/**
 * The one HTTP client of the admin: every JSON call (ra-data-simple-rest's and the old system's endpoints') goes
 * through it. It attaches the token, parses JSON, and turns a non-2xx answer into `refusal`'s error.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}, retried = false): Promise<HttpAnswer> {
  const headers = withToken(options.headers ?? { Accept: 'application/json' });
  try {
    const answer = await (takeEarlyGet(url, options) ?? fetchUtils.fetchJson(url, { ...options, headers }));
    const idleMinutes = Number(answer.headers.get('x-session-idle-minutes'));
    if (idleMinutes && !url.includes('/events/ticket')) securityState.noteActivity(idleMinutes);
    return answer;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const refused = refusal(error.status, error.body);
    if (error.status !== 401 || !(error.body as Envelope | undefined)?.reauth || retried) throw refused;
    // Refunds, role changes and the like need a recent password or code: ask, then send it again.
    await securityState.askReauth(refused);
    return httpClient(url, options, true);
  }
}

/**
 * Calls an old-system endpoint (JSON in and out, or a FormData body) and answers its envelope; a status other than 1
 * is refused like an HTTP error.
 */
export async function apiCall<T = unknown>(
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<Envelope<T>> {
  const { json, ...options } = init;
  const body = json !== undefined ? JSON.stringify(json) : options.body;
  const answer = await httpClient(apiUrl(path), { ...options, body });
  const payload = answer.json as Envelope<T> | undefined;
  if (!payload || payload.status !== 1) throw refusal(answer.status, payload);
  return payload;
}

/**
 * Calls an endpoint that answers bytes (a PDF) on success and the JSON envelope on failure; the failure
 * becomes the same error as apiCall's.
 */
export async function apiBlob(path: string, json: unknown): Promise<Blob> {
  const response = await fetch(apiUrl(path), {
    method: 'POST',
    headers: withToken({ 'Content-Type': 'application/json' }),
    body: JSON.stringify(json),
  });
  if (response.ok && !(response.headers.get('Content-Type') ?? '').includes('application/json')) {
    return response.blob();
  }
  throw refusal(response.status, await response.json().catch(() => null));
}
