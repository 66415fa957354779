import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { mayReadField, type ResourceDefinition, type Role } from '@app/domain';
import { bodySchema, listQuerySchema } from '../../core/registrySchemas.js';
import type { Row } from '../../core/resources.js';
import { readJsonParams, toListQuery, type ListQueryParams } from './query.js';

/*
 * The generic resource handler's rules, apart from its routes: what a role may read and query of a resource, each
 * definition's schemas compiled once, and a list query string read as GET /api/<name> reads it.
 */
/** A record as the role may see it: its `id` and the fields it may read, nothing else. */
function projector(resource: ResourceDefinition) {
  return (role: Role) => {
    const readable = resource.fields.filter((f) => mayReadField(f, role)).map((f) => f.source);
    return (row: Row): Row => {
      const record: Row = { id: row[resource.idField] };
      for (const source of readable) if (source in row) record[source] = row[source];
      return record;
    };
  };
}

/**
 * The resource as a role may query it: sort and filter only by fields the role may read, so a field
 * hidden from a role cannot be read back through the order of rows or a filter either.
 */
function queryableBy(resource: ResourceDefinition) {
  const byRole = new Map<Role, ResourceDefinition>();
  return (role: Role): ResourceDefinition => {
    let view = byRole.get(role);
    if (!view) byRole.set(role, (view = { ...resource, fields: resource.fields.filter((f) => mayReadField(f, role)) }));
    return view;
  };
}

/** What the generic handler makes of one definition of a resource: its schemas, and its views by role. */
export interface DefinitionUse {
  listQuery: TSchema;
  createBody: TSchema;
  updateBody: TSchema;
  project: ReturnType<typeof projector>;
  queryable: ReturnType<typeof queryableBy>;
}

/**
 * Made once per definition object: the registry answers the same object until the configuration
 * changes it (custom fields of orders), so a new definition is compiled once, when first used.
 */
const uses = new WeakMap<ResourceDefinition, DefinitionUse>();
export function useOf(resource: ResourceDefinition): DefinitionUse {
  let use = uses.get(resource);
  if (!use) {
    use = {
      listQuery: listQuerySchema(resource),
      createBody: bodySchema(resource, 'create'),
      updateBody: bodySchema(resource, 'update'),
      project: projector(resource),
      queryable: queryableBy(resource),
    };
    uses.set(resource, use);
  }
  return use;
}

export type CheckedPart = 'querystring' | 'body';

/** A schema failure as the error handler answers it (400 naming the field), as Fastify's own validation throws it. */
export const validationError = (part: CheckedPart, errors: unknown[]) =>
  Object.assign(new Error(`${part} is not valid`), { statusCode: 400, validation: errors, validationContext: part });

/**
 * A list query string in ra-data-simple-rest's terms (sort, range and filter as JSON) for a route beside the
 * generic ones (an export): checked against the resource's list query schema and read as the member's role
 * may query it, as GET /api/<name> reads it.
 */
export function listQueryOf(request: FastifyRequest, resource: ResourceDefinition) {
  const params = readJsonParams(request.query as Record<string, unknown>);
  const validate = request.compileValidationSchema(useOf(resource).listQuery, 'querystring');
  if (!validate(params)) throw validationError('querystring', validate.errors ?? []);
  return toListQuery(useOf(resource).queryable(request.member.type), params as ListQueryParams);
}
