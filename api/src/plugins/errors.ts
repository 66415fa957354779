import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { HttpError } from '../http.js';

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

/** Every failure answers `{status: 0, message}` with a 4xx code; only a real bug answers 500. */
export default fp(async (app) => {
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
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ status: 0, message: 'Something went wrong on our side. Please try again.' });
  });
});
