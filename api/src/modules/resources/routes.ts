import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { mayReadField, registryForRole, type ResourceDefinition, type Role, type Verb, VERBS } from '@app/domain';
import { notFound, ok } from '../../http.js';
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
    { schema: { tags: ['registry'] }, config: { permission: 'orders.read' } },
    async (request) => ok('Registry.', registryForRole(app.registry, request.member.type)),
  );
};

/**
 * One resource of the registry in ra-data-simple-rest's conventions, the same generic handler for all:
 * GET /api/<name>?sort=&range=&filter= (a JSON array and Content-Range), GET/PUT/DELETE /api/<name>/:id
 * and POST /api/<name>, each where the description gives the verb a permission, checked per route by
 * the auth plugin. The module that owns the data serves it (app.serveResource, ./index.ts).
 */
export const resourceRoutes: FastifyPluginAsyncTypebox<{
  resource: ResourceDefinition;
  repository: ResourceRepository;
}> = async (app, { resource, repository }) => {
  const verbs = servedVerbs(resource, repository);
  const project = projector(resource);
  const queryable = queryableBy(resource);
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
        schema: { tags, querystring: listQuerySchema(resource) },
        config: { permission: resource.permissions.list },
        // The schema checks the JSON's values: read it first.
        preValidation: async (request) => {
          request.query = readJsonParams(request.query as Record<string, unknown>) as ListQueryParams;
        },
      },
      async (request, reply) => {
        const query = toListQuery(queryable(request.member.type), request.query);
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
      { schema: { tags, params: IdParams }, config: { permission: resource.permissions.show } },
      async (request, reply) =>
        answerOne(reply, request.member.type, await repository.one!(context(request), request.params.id)),
    );
  }
  if (verbs.includes('create')) {
    app.post(
      url,
      { schema: { tags, body: bodySchema(resource, 'create') }, config: { permission: resource.permissions.create } },
      async (request, reply) =>
        answerOne(reply, request.member.type, await repository.create!.run(context(request), request.body as Row)),
    );
  }
  if (verbs.includes('update')) {
    app.put(
      `${url}/:id`,
      {
        schema: { tags, params: IdParams, body: bodySchema(resource, 'update') },
        config: { permission: resource.permissions.update },
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
      { schema: { tags, params: IdParams }, config: { permission: resource.permissions.delete } },
      async (request, reply) =>
        answerOne(reply, request.member.type, await repository.remove!(context(request), request.params.id)),
    );
  }
};
