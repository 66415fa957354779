import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { registryForRole, type ResourceDefinition, type Role, type Verb, VERBS } from '@app/domain';
import { envelopeAnswer, notFound, ok, OpenRecord } from '../../http.js';
import { readJsonParams, toListQuery, type ListQueryParams } from './query.js';
import { useOf, validationError, type CheckedPart, type DefinitionUse } from './service.js';
import type { ResourceContext, ResourceRepository, Row } from '../../core/resources.js';

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

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
