import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { dayjs } from '@app/domain';
import { readJsonParams } from '../../core/listAnswer.js';
import { recordRoutes } from '../../core/recordRoutes.js';
import { badRequest } from '../../http.js';
import { PolicyAnswer, PolicyBody, ReportQuery, ReportRow } from './schemas.js';
import * as sla from './service.js';

const tags = ['sla'];
const manage = { permission: 'configuration.manage' } as const;
const listed = { preValidation: readJsonParams };

/** Days a report reads at most (a year, and a day for a leap one). */
const REPORT_DAYS = 366;

/**
 * SLA policies, Admins only (/api/sla-policies, ra-data-simple-rest's conventions), and the SLA report
 * (/api/sla-report, a list react-admin reads with its filter).
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  recordRoutes(
    app,
    'sla-policies',
    { answer: PolicyAnswer, body: PolicyBody, sort: ['position', 'ASC'], tags, ...manage },
    {
      list: () => sla.listPolicies(app),
      get: (id) => sla.getPolicy(app, id),
      create: (body) => sla.createPolicy(app, body),
      update: (id, body) => sla.updatePolicy(app, id, body),
      remove: (id) => sla.deletePolicy(app, id),
    },
  );

  app.get(
    '/sla-report',
    {
      schema: {
        tags,
        querystring: ReportQuery,
        response: { 200: Type.Array(ReportRow) },
        description:
          'Breaches and time to finish over days from and to (UTC, both included; the last 4 weeks by default), by queue, member or week.',
      },
      config: { permission: 'reports.sla' },
      ...listed,
    },
    async (request, reply) => {
      const filter = (request.query as { filter?: { from?: string; to?: string; by?: 'queue' | 'member' | 'week' } })
        .filter;
      const today = dayjs.utc(app.clock.now()).format('YYYY-MM-DD');
      const to = filter?.to ?? today;
      const from = filter?.from ?? dayjs.utc(to).subtract(27, 'day').format('YYYY-MM-DD');
      const days = dayjs.utc(to).diff(dayjs.utc(from), 'day');
      if (!dayjs.utc(from).isValid() || !dayjs.utc(to).isValid())
        throw badRequest('filter.from and filter.to are dates.');
      if (days < 0) throw badRequest('filter.to comes on or after filter.from.');
      if (days >= REPORT_DAYS) throw badRequest(`filter.from and filter.to are at most ${REPORT_DAYS} days apart.`);
      const rows = await sla.slaReport(app.dbRead, { from, to, by: filter?.by ?? 'queue' });
      void reply.header('Content-Range', `sla-report 0-${Math.max(rows.length - 1, 0)}/${rows.length}`);
      return rows;
    },
  );
};

export default routes;
