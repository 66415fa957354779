import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { badRequest, HttpError } from '../http.js';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  parentSchema?: { errorMessage?: string | Record<string, string>; properties?: Record<string, SchemaWithMessage> };
}
type SchemaWithMessage = { errorMessage?: string | Record<string, string> };

const pick = (schema: SchemaWithMessage | undefined, keyword: string) =>
  typeof schema?.errorMessage === 'string' ? schema.errorMessage : schema?.errorMessage?.[keyword];

/**
 * A schema failure as one sentence naming the field. A schema may carry SPEC's wording in
 * `errorMessage` (a string, or one per keyword such as required or minLength).
 */
export function validationMessage(issue: ValidationIssue, context: string): string {
  if (issue.keyword === 'required') {
    const field = String(issue.params.missingProperty);
    return pick(issue.parentSchema?.properties?.[field], 'required') ?? `${field} is required`;
  }
  const custom = pick(issue.parentSchema, issue.keyword);
  if (custom) return custom;
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || context;
  return `${field} ${issue.message ?? 'is invalid'}`;
}

/** The path of the first number that is not finite in a validated request part, if any. */
function nonFiniteAt(value: unknown, path: string): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFiniteAt(item, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return null;
}

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
  app.addHook('preHandler', async (request) => {
    for (const [part, value] of Object.entries({ params: request.params, query: request.query, body: request.body })) {
      const path = nonFiniteAt(value, '');
      if (path !== null) throw badRequest(`${path || part} is not a valid number.`);
    }
  });

  app.setErrorHandler((error: FastifyError & { validation?: ValidationIssue[] }, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ status: error.statusCode === 401 ? 401 : 0, message: error.message });
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
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ status: 0, message: 'The database is busy or not answering. Please try again in a moment.' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ status: 0, message: 'Something went wrong on our side. Please try again.' });
  });
});
