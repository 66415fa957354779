import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { mayReadField, registryForRole, type ResourceDefinition, type Role, type Verb, VERBS } from '@app/domain';
import { envelopeAnswer, notFound, ok, OpenRecord } from '../../http.js';
import { bodySchema, listQuerySchema } from '../../core/registrySchemas.js';
import { readJsonParams, toListQuery, type ListQueryParams } from './query.js';
import type { ResourceContext, ResourceRepository, Row } from '../../core/resources.js';

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

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
interface DefinitionUse {
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
function useOf(resource: ResourceDefinition): DefinitionUse {
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

type CheckedPart = 'querystring' | 'body';

/** A schema failure as the error handler answers it (400 naming the field), as Fastify's own validation throws it. */
const validationError = (part: CheckedPart, errors: unknown[]) =>
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

/** The verbs a resource serves: those its description gives a permission; each must be implemented. */
function servedVerbs(resource: ResourceDefinition, repository: ResourceRepository): Verb[] {
  const implemented: Record<Verb, boolean> = {
    list: true,
    show: !!repository.one,
    create: !!repository.create,
    update: !!repository.update,
    delete: !!repository.remove,
  };
  const verbs = VERBS.filter((verb) => resource.permissions[verb]);
  const missing = verbs.filter((verb) => !implemented[verb]);
  if (missing.length)
    throw new Error(`Resource ${resource.name} describes ${missing.join(', ')} but its repository has none`);
  return verbs;
}

/** GET /api/admin/registry: the registry as the signed-in member's role sees it. */
export const registryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/registry',
    {
      schema: { tags: ['registry'], response: envelopeAnswer(Type.Array(OpenRecord)) },
      config: { permission: 'orders.read' },
    },
    async (request) => ok('Registry.', registryForRole(app.registry, request.member.type)),
  );
};

/**
 * One resource of the registry in ra-data-simple-rest's conventions, the same generic handler for all:
 * GET /api/<name>?sort=&range=&filter= (a JSON array and Content-Range), GET/PUT/DELETE /api/<name>/:id
 * and POST /api/<name>, each where the description gives the verb a permission, checked per route by
 * the auth plugin. The module that owns the data serves it (app.serveResource, ./index.ts).
 *
 * Each request is read against the resource as the registry describes it now (app.registry[name]): the
 * routes carry the schemas of the definition they were registered with (the docs, and the checks while
 * it stands), and once the configuration gives a new definition its query and body are checked against
 * that one's schemas (compiled by the app's validator, once per definition), in the same words.
 */
export const resourceRoutes: FastifyPluginAsyncTypebox<{
  resource: ResourceDefinition;
  repository: ResourceRepository;
}> = async (app, { resource, repository }) => {
  const verbs = servedVerbs(resource, repository);
  const current = () => app.registry[resource.name] ?? resource;
  const project = (role: Role) => useOf(current()).project(role);
  const queryable = (role: Role) => useOf(current()).queryable(role);
  /**
   * A request part as it came, kept before the route's schema reads it when the definition has changed:
   * that schema's coercions (a value it does not know made into a list) must not reach the current one.
   */
  const given = new WeakMap<FastifyRequest, unknown>();
  const keepGiven = (part: CheckedPart) => async (request: FastifyRequest) => {
    if (current() !== resource) given.set(request, structuredClone(part === 'body' ? request.body : request.query));
  };
  /** Checks a part against the current definition's schema (the route's own checked it against the registered one). */
  const checkedNow =
    (part: CheckedPart, schemaOf: (use: DefinitionUse) => TSchema) => async (request: FastifyRequest) => {
      const registeredError = request.validationError as (Error & { validationContext?: string }) | undefined;
      if (!given.has(request) || registeredError?.validationContext === 'params') {
        if (registeredError) throw registeredError;
        return;
      }
      const data = given.get(request);
      const validate = request.compileValidationSchema(schemaOf(useOf(current())), part);
      if (!validate(data)) throw validationError(part, validate.errors ?? []);
      if (part === 'body') request.body = data;
      else request.query = data as ListQueryParams;
    };
  const tags = [`resource: ${resource.name}`];
  const url = `/${resource.name}`;
  const context = (request: { member: ResourceContext['member'] }): ResourceContext => ({
    app,
    member: request.member,
  });
  const answerOne = (reply: FastifyReply, role: Role, row: Row | undefined) => {
    if (!row) throw notFound('Record not found.');
    return reply.send(project(role)(row));
  };

  if (verbs.includes('list')) {
    app.get(
      url,
      {
        schema: { tags, querystring: useOf(resource).listQuery, response: { 200: Type.Array(OpenRecord) } },
        config: { permission: resource.permissions.list },
        attachValidation: true,
        // The schema checks the JSON's values: read it first.
        preValidation: [
          async (request) => {
            request.query = readJsonParams(request.query as Record<string, unknown>) as ListQueryParams;
          },
          keepGiven('querystring'),
        ],
        preHandler: checkedNow('querystring', (use) => use.listQuery),
      },
      async (request, reply) => {
        const query = toListQuery(queryable(request.member.type), request.query as ListQueryParams);
        const { rows, total, capped } = await repository.list(context(request), query);
        const last = rows.length ? query.start + rows.length - 1 : query.start;
        void reply.header('Content-Range', `${resource.name} ${query.start}-${last}/${total}`);
        if (capped) void reply.header('X-Total-Capped', '1');
        return rows.map(project(request.member.type));
      },
    );
  }

  if (verbs.includes('show')) {
    app.get(
      `${url}/:id`,
      {
        schema: { tags, params: IdParams, response: { 200: OpenRecord } },
        config: { permission: resource.permissions.show },
      },
      async (request, reply) =>
        answerOne(reply, request.member.type, await repository.one!(context(request), request.params.id)),
    );
  }
  if (verbs.includes('create')) {
    app.post(
      url,
      {
        schema: { tags, body: useOf(resource).createBody, response: { 200: OpenRecord } },
        config: { permission: resource.permissions.create },
        attachValidation: true,
        preValidation: keepGiven('body'),
        preHandler: checkedNow('body', (use) => use.createBody),
      },
      async (request, reply) =>
        answerOne(reply, request.member.type, await repository.create!.run(context(request), request.body as Row)),
    );
  }
  if (verbs.includes('update')) {
    app.put(
      `${url}/:id`,
      {
        schema: { tags, params: IdParams, body: useOf(resource).updateBody, response: { 200: OpenRecord } },
        config: { permission: resource.permissions.update },
        attachValidation: true,
        preValidation: keepGiven('body'),
        preHandler: checkedNow('body', (use) => use.updateBody),
      },
      async (request, reply) =>
        answerOne(
          reply,
          request.member.type,
          await repository.update!.run(context(request), request.params.id, request.body as Row),
        ),
    );
  }
  if (verbs.includes('delete')) {
    app.delete(
      `${url}/:id`,
      {
        schema: { tags, params: IdParams, response: { 200: OpenRecord } },
        config: { permission: resource.permissions.delete },
      },
      async (request, reply) =>
        answerOne(reply, request.member.type, await repository.remove!(context(request), request.params.id)),
    );
  }
};
