import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { answerList, readJsonParams, type ListParams } from '../../core/listAnswer.js';
import { badRequest } from '../../http.js';
import {
  DryRunAnswer,
  IdParams,
  ListQuery,
  MacroAnswer,
  MacroBody,
  MacroChoices,
  MacroRunAnswer,
  MacroRunBody,
  MacroRunParams,
  PolicyAnswer,
  PolicyBody,
  RuleAnswer,
  RuleBody,
  RunAnswer,
} from './schemas.js';
import * as automation from './service.js';

const tags = ['automation'];
const manage = { permission: 'configuration.manage' } as const;

type Json = Record<string, unknown>;

/**
 * A kind of record Admins keep (rules, macros, SLA policies): list, one, create, update and delete at
 * `/api/<resource>`, in ra-data-simple-rest's conventions, each answered as `answer`.
 */
function recordRoutes(
  app: FastifyInstance,
  resource: string,
  { answer, body, sort }: { answer: TSchema; body: TSchema; sort?: [string, string] },
  service: {
    list(): Promise<Array<{ id: number }>>;
    get(id: number): Promise<unknown>;
    create(body: Json): Promise<unknown>;
    update(id: number, body: Json): Promise<unknown>;
    remove(id: number): Promise<unknown>;
  },
) {
  const one = `/${resource}/:id`;
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

/**
 * Automation, Admins only: /api/automation-rules (and their dry run), /api/macros, the log of runs
 * /api/automation-runs and /api/sla-policies, in ra-data-simple-rest's conventions. Members run the macros their role may
 * from an order page.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  recordRoutes(
    app,
    'automation-rules',
    { answer: RuleAnswer, body: RuleBody },
    {
      list: () => automation.listRules(app),
      get: (id) => automation.getRule(app, id),
      create: (body) => automation.createRule(app, body),
      update: (id, body) => automation.updateRule(app, id, body),
      remove: (id) => automation.deleteRule(app, id),
    },
  );
  app.post(
    '/automation-rules/dry-run',
    {
      schema: {
        tags,
        body: RuleBody,
        response: { 200: DryRunAnswer },
        description: 'How many orders the rule would touch now, and the first 20 ids; changes nothing.',
      },
      config: manage,
    },
    async (request) => automation.dryRun(app, request.body),
  );

  app.get(
    '/automation-runs',
    {
      schema: { tags, querystring: ListQuery, response: { 200: Type.Array(RunAnswer) } },
      config: manage,
      preValidation: readJsonParams,
    },
    async (request, reply) => {
      const { filter = {}, range = [0, 24] } = request.query as ListParams;
      if (range[1] < range[0] || range[1] - range[0] >= 1000)
        throw badRequest('range must be [start, end], at most 1000 runs.');
      const whole = (key: 'rule' | 'order') => {
        const value = filter[key];
        if (value === undefined) return undefined;
        if (!Number.isInteger(value)) throw badRequest(`filter.${key} is a whole number.`);
        return value as number;
      };
      const { records, total } = await automation.listRuns(app, { rule: whole('rule'), order: whole('order') }, range);
      void reply.header(
        'Content-Range',
        `automation-runs ${range[0]}-${range[0] + Math.max(records.length - 1, 0)}/${total}`,
      );
      return records;
    },
  );
  app.get(
    '/automation-runs/:id',
    { schema: { tags, params: IdParams, response: { 200: RunAnswer } }, config: manage },
    async (request) => automation.getRun(app, request.params.id),
  );

  recordRoutes(
    app,
    'macros',
    { answer: MacroAnswer, body: MacroBody, sort: ['name', 'ASC'] },
    {
      list: () => automation.listMacros(app),
      get: (id) => automation.getMacro(app, id),
      create: (body) => automation.createMacro(app, body),
      update: (id, body) => automation.updateMacro(app, id, body),
      remove: (id) => automation.deleteMacro(app, id),
    },
  );
  recordRoutes(
    app,
    'sla-policies',
    { answer: PolicyAnswer, body: PolicyBody, sort: ['id', 'ASC'] },
    {
      list: () => automation.listPolicies(app),
      get: (id) => automation.getPolicy(app, id),
      create: (body) => automation.createPolicy(app, body),
      update: (id, body) => automation.updatePolicy(app, id, body),
      remove: (id) => automation.deletePolicy(app, id),
    },
  );

  app.get(
    '/orders/:id/macros',
    {
      schema: { tags, params: Type.Pick(MacroRunParams, ['id']), response: { 200: MacroChoices } },
      config: { permission: 'orders.read' },
    },
    async (request) => ({ status: 1, message: 'Macros.', data: await automation.macrosFor(app, request.member.type) }),
  );
  app.post(
    '/orders/:id/macros/:macroId',
    {
      schema: { tags, params: MacroRunParams, body: MacroRunBody, response: { 200: MacroRunAnswer } },
      config: { permission: 'orders.work' },
    },
    async (request) => {
      const { id, macroId } = request.params;
      const data = await automation.runMacro(app, request.member, id, macroId, request.body.version);
      return { status: 1, message: 'Macro run.', data };
    },
  );
};

export default routes;
