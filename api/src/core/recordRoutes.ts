import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { Permission } from '@app/domain';
import { answerList, ListQuery, readJsonParams, type ListParams } from './listAnswer.js';

/** A record's id in the address: /api/<resource>/:id. */
export const IdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2 ** 31, errorMessage: 'id is a whole number.' }),
});

type Json = Record<string, unknown>;

/**
 * A kind of record Admins keep (rules, macros, SLA policies): list, one, create, update and delete at
 * `/api/<resource>`, in ra-data-simple-rest's conventions, each answered as `answer`, behind `permission`.
 */
export function recordRoutes(
  app: FastifyInstance,
  resource: string,
  {
    answer,
    body,
    sort,
    tags,
    permission,
  }: { answer: TSchema; body: TSchema; sort?: [string, string]; tags: string[]; permission: Permission },
  service: {
    list(): Promise<Array<{ id: number }>>;
    get(id: number): Promise<unknown>;
    create(body: Json): Promise<unknown>;
    update(id: number, body: Json): Promise<unknown>;
    remove(id: number): Promise<unknown>;
  },
) {
  const one = `/${resource}/:id`;
  const manage = { permission };
  const id = (request: FastifyRequest) => (request.params as { id: number }).id;
  app.get(
    `/${resource}`,
    {
      schema: { tags, querystring: ListQuery, response: { 200: Type.Array(answer) } },
      config: manage,
      preValidation: readJsonParams,
    },
    async (request, reply) =>
      answerList(reply, resource, await service.list(), { ...(sort && { sort }), ...(request.query as ListParams) }),
  );
  app.get(one, { schema: { tags, params: IdParams, response: { 200: answer } }, config: manage }, async (request) =>
    service.get(id(request)),
  );
  app.post(`/${resource}`, { schema: { tags, body, response: { 200: answer } }, config: manage }, async (request) =>
    service.create(request.body as Json),
  );
  app.put(
    one,
    { schema: { tags, params: IdParams, body, response: { 200: answer } }, config: manage },
    async (request) => service.update(id(request), request.body as Json),
  );
  app.delete(one, { schema: { tags, params: IdParams, response: { 200: answer } }, config: manage }, async (request) =>
    service.remove(id(request)),
  );
}
