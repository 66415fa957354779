/** The answer envelope of the old system and the errors that map onto it. */
export interface Envelope<T = unknown> {
  status: 0 | 1 | 401;
  message: string;
  data?: T;
}

export const ok = <T>(message: string, data?: T): Envelope<T> =>
  data === undefined ? { status: 1, message } : { status: 1, message, data };

/** A refusal with a message the user can act on; the error handler turns it into `{status: 0, message}`. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    /** Flags the client acts on, sent beside the message (e.g. `reauth: true`). */
    public readonly flags?: Record<string, true>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyAttempts = (ttlMs: number) =>
  new HttpError(
    429,
    `Too many attempts. Please wait ${Math.max(1, Math.ceil(ttlMs / 60_000))} minute(s) and try again.`,
  );
