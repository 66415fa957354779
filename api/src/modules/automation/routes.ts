import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
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
  RuleAnswer,
  RuleBody,
  RunAnswer,
} from './schemas.js';
import * as automation from './service.js';

const tags = ['automation'];
const manage = { permission: 'configuration.manage' } as const;
const listed = { preValidation: readJsonParams };

/**
 * Automation, Admins only: /api/automation-rules (and their dry run), /api/macros and the log of runs
 * /api/automation-runs, in ra-data-simple-rest's conventions. Members run the macros their role may
 * from an order page.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/automation-rules',
    { schema: { tags, querystring: ListQuery, response: { 200: Type.Array(RuleAnswer) } }, config: manage, ...listed },
    async (request, reply) =>
      answerList(reply, 'automation-rules', await automation.listRules(app), request.query as ListParams),
  );
  app.get(
    '/automation-rules/:id',
    { schema: { tags, params: IdParams, response: { 200: RuleAnswer } }, config: manage },
    async (request) => automation.getRule(app, request.params.id),
  );
  app.post(
    '/automation-rules',
    { schema: { tags, body: RuleBody, response: { 200: RuleAnswer } }, config: manage },
    async (request) => automation.createRule(app, request.body),
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
  app.put(
    '/automation-rules/:id',
    { schema: { tags, params: IdParams, body: RuleBody, response: { 200: RuleAnswer } }, config: manage },
    async (request) => automation.updateRule(app, request.params.id, request.body),
  );
  app.delete(
    '/automation-rules/:id',
    { schema: { tags, params: IdParams, response: { 200: RuleAnswer } }, config: manage },
    async (request) => automation.deleteRule(app, request.params.id),
  );

  app.get(
    '/automation-runs',
    { schema: { tags, querystring: ListQuery, response: { 200: Type.Array(RunAnswer) } }, config: manage, ...listed },
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

  app.get(
    '/macros',
    { schema: { tags, querystring: ListQuery, response: { 200: Type.Array(MacroAnswer) } }, config: manage, ...listed },
    async (request, reply) =>
      answerList(reply, 'macros', await automation.listMacros(app), {
        sort: ['name', 'ASC'],
        ...(request.query as ListParams),
      }),
  );
  app.get(
    '/macros/:id',
    { schema: { tags, params: IdParams, response: { 200: MacroAnswer } }, config: manage },
    async (request) => automation.getMacro(app, request.params.id),
  );
  app.post(
    '/macros',
    { schema: { tags, body: MacroBody, response: { 200: MacroAnswer } }, config: manage },
    async (request) => automation.createMacro(app, request.body),
  );
  app.put(
    '/macros/:id',
    { schema: { tags, params: IdParams, body: MacroBody, response: { 200: MacroAnswer } }, config: manage },
    async (request) => automation.updateMacro(app, request.params.id, request.body),
  );
  app.delete(
    '/macros/:id',
    { schema: { tags, params: IdParams, response: { 200: MacroAnswer } }, config: manage },
    async (request) => automation.deleteMacro(app, request.params.id),
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
