import { Type, type TProperties, type TSchema } from 'typebox';

/** The answer envelope of the old system and the errors that map onto it. */
export interface Envelope<T = unknown> {
  status: 0 | 1 | 401;
  message: string;
  data?: T;
}

export const ok = <T>(message: string, data?: T): Envelope<T> =>
  data === undefined ? { status: 1, message } : { status: 1, message, data };

/** The envelope with a message only, as a route's response schema (a change done, or refused with status 0). */
export const messageAnswer = { 200: Type.Object({ status: Type.Integer(), message: Type.String() }) };

/**
 * The envelope as a route's response schema: `data` as the call answers it, and the fields it answers
 * beside it. Fastify serializes the answer by it, so a field it does not list never leaves.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no field beside `data` unless given
export const envelopeAnswer = <T extends TSchema, B extends TProperties = {}>(data: T, beside?: B) => ({
  200: Type.Object({
    status: Type.Integer(),
    message: Type.String(),
    data: Type.Optional(data),
    ...(beside ?? ({} as B)),
  }),
});

/**
 * A record answered as its service made it: one whose fields come from the registry (custom fields
 * included, which change while the app runs) and that the service has already cut to what the role may read.
 */
export const OpenRecord = Type.Object({}, { additionalProperties: true });

/** A file or stream answered as it is (a PDF, a CSV, an event stream): listed for the docs, never serialized. */
export const streamAnswer = (mediaType: string) => ({
  200: Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: mediaType }),
});

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
