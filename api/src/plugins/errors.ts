import { Transform } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { badRequest, HttpError } from '../http.js';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  parentSchema?: { errorMessage?: string | Record<string, string>; properties?: Record<string, SchemaWithMessage> };
  /** The value that failed (Ajv's `verbose`). */
  data?: unknown;
}
type SchemaWithMessage = { errorMessage?: string | Record<string, string> };

const pick = (schema: SchemaWithMessage | undefined, keyword: string) =>
  typeof schema?.errorMessage === 'string' ? schema.errorMessage : schema?.errorMessage?.[keyword];

/**
 * A schema failure as one sentence naming the field. A schema may carry the old system's wording in
 * `errorMessage` (a string, or one per keyword such as required or minLength); `{value}` in it names
 * the value that failed (an unknown sort or filter, from the schemas made from the registry).
 */
export function validationMessage(issue: ValidationIssue, context: string): string {
  if (issue.keyword === 'required') {
    const field = String(issue.params.missingProperty);
    return pick(issue.parentSchema?.properties?.[field], 'required') ?? `${field} is required`;
  }
  const custom = pick(issue.parentSchema, issue.keyword);
  if (custom) return custom.replace('{value}', String(issue.data));
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || context;
  return `${field} ${issue.message ?? 'is invalid'}`;
}

/** The path of the first number that is not finite in a validated request part, if any (a walk without recursion). */
function nonFiniteAt(root: unknown): string | null {
  const pending: Array<[unknown, string]> = [[root, '']];
  while (pending.length) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'number' && !Number.isFinite(value)) return path;
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) continue;
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      pending.push([item, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

/** Arrays and objects inside one another deeper than this refuse the body: no request needs more. */
export const MAX_JSON_DEPTH = 64;
const TOO_DEEP = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;

/**
 * Passes a JSON body through while counting how deep its brackets go (outside strings), and fails it
 * with 400 past MAX_JSON_DEPTH: before any parser or walk, each of which would recurse once per level.
 */
const [QUOTE, BACKSLASH, OPEN_ARRAY, OPEN_OBJECT, CLOSE_ARRAY, CLOSE_OBJECT] = Buffer.from('"\\[{]}');

function depthGuard(): Transform & { receivedEncodedLength: number } {
  let depth = 0;
  let inString = false;
  let escaped = false;
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      guard.receivedEncodedLength += chunk.length;
      for (const byte of chunk) {
        if (inString) {
          if (escaped) escaped = false;
          else if (byte === BACKSLASH) escaped = true;
          else if (byte === QUOTE) inString = false;
        } else if (byte === QUOTE) inString = true;
        else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
          if (++depth > MAX_JSON_DEPTH) return done(badRequest(TOO_DEEP));
        } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth--;
      }
      done(null, chunk);
    },
  }) as Transform & { receivedEncodedLength: number };
  // Fastify compares this with Content-Length and the body limit.
  guard.receivedEncodedLength = 0;
  return guard;
}

/** Bodies read as JSON: application/json and +json types, and text/plain (the SNS webhook's JSON). */
const readAsJson = (contentType: string | undefined) => /json|text\/plain/i.test(contentType ?? '');

/** Errors that say the database cannot be reached or is busy right now, not that the request is wrong. */
const DATABASE_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_LOCK_WAIT_TIMEOUT',
  'ER_LOCK_DEADLOCK',
  'SQLITE_BUSY',
]);

export const isDatabaseUnavailable = (error: { code?: string; name?: string; message?: string; fatal?: boolean }) =>
  DATABASE_UNAVAILABLE.has(error.code ?? '') ||
  // A pool that could not hand out a connection in time, or a connection that died under a query.
  error.name === 'KnexTimeoutError' ||
  error.fatal === true ||
  /connection is in closed state|Connection lost/i.test(error.message ?? '');

/** Every failure answers `{status: 0, message}` with a 4xx code; only a real bug answers 500. */
export default fp(async (app) => {
  // Ajv coerces digits no number can hold ('9' x 400, '1e400') to Infinity and then skips the numeric
  // limits, which it checks for finite numbers only: a page size of Infinity would list a whole queue.
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!readAsJson(request.headers['content-type'])) return payload;
    const guard = depthGuard();
    // A client that goes away fails the guard too, so the body read ends instead of waiting for ever.
    payload.once('error', (error) => guard.destroy(error));
    return payload.pipe(guard);
  });

  app.addHook('preHandler', async (request) => {
    for (const [part, value] of Object.entries({ params: request.params, query: request.query, body: request.body })) {
      const path = nonFiniteAt(value);
      if (path !== null) throw badRequest(`${path || part} is not a valid number.`);
    }
  });

  app.setErrorHandler((error: FastifyError & { validation?: ValidationIssue[] }, request, reply) => {
    if (error instanceof HttpError) {
      const status = error.statusCode === 401 && !error.flags ? 401 : 0;
      return reply.code(error.statusCode).send({ status, ...error.flags, message: error.message });
    }
    if (error.validation?.length) {
      const message = validationMessage(error.validation[0]!, error.validationContext ?? 'request');
      return reply.code(400).send({ status: 0, message });
    }
    const code = error.statusCode ?? 500;
    if (code === 401) return reply.code(401).send({ status: 401, message: error.message });
    if (code >= 400 && code < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : error.message;
      return reply.code(code).send({ status: 0, message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({
        status: 0,
        message: 'The database is busy or not answering. Please try again in a moment.',
        // Our failures name the request, so that a report of one finds its log lines.
        requestId: request.id,
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ status: 0, message: 'Something went wrong on our side. Please try again.', requestId: request.id });
  });
});
