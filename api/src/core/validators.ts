import { AjvCompiler, type Ajv } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler } from 'fastify';

/** errorMessage carries the old system's wording; verbose gives the error handler the schema that failed. */
export const AJV_OPTIONS = { keywords: ['errorMessage'], verbose: true, allErrors: false };

const buildCompiler = AjvCompiler();
const coercing = buildCompiler({}, { customOptions: AJV_OPTIONS });
const strict = buildCompiler({}, { customOptions: { ...AJV_OPTIONS, coerceTypes: false } });

/**
 * For routes whose JSON bodies are kept as sent (an Admin's configuration): a body of the wrong type is
 * refused rather than converted (Ajv's coercion would keep a label 5 as "5", ["text"] as "text" and turn
 * a min of 0 into null). Query strings and path parameters are text and are still read as their types.
 */
export const strictBodyCompiler: FastifySchemaCompiler<Parameters<Ajv['compile']>[0]> = (route) =>
  route.httpPart === 'body' ? strict(route) : coercing(route);
