import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { readJsonParams, type ListParams } from '../../core/listAnswer.js';
import { badRequest } from '../../http.js';
import { recordRoutes } from '../../core/recordRoutes.js';
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

/**
 * Automation, Admins only: /api/automation-rules (and their dry run), /api/macros, the log of runs
 * /api/automation-runs, in ra-data-simple-rest's conventions. Members run the macros their role may
 * from an order page.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  recordRoutes(
    app,
    'automation-rules',
    { answer: RuleAnswer, body: RuleBody, tags, ...manage },
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
    { answer: MacroAnswer, body: MacroBody, sort: ['name', 'ASC'], tags, ...manage },
    {
      list: () => automation.listMacros(app),
      get: (id) => automation.getMacro(app, id),
      create: (body) => automation.createMacro(app, body),
      update: (id, body) => automation.updateMacro(app, id, body),
      remove: (id) => automation.deleteMacro(app, id),
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
