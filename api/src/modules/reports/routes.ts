import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../http.js';
import { DateRangeBody } from './schemas.js';
import { countryReport, processedByReport } from './service.js';

const tags = ['reports'];

/** Country Order List and Order Processed (docs/product.md#the-old-systems-calls), read from the read replica when there is one. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/get-country-order-count',
    { schema: { tags, body: DateRangeBody }, config: { permission: 'reports.country' } },
    async (request) =>
      ok('Country order count.', await countryReport(app.dbRead, request.body.fromDate, request.body.toDate)),
  );

  app.post(
    '/admin/get-processed-by-count',
    { schema: { tags, body: DateRangeBody }, config: { permission: 'reports.processedBy' } },
    async (request) =>
      ok('Processed by count.', await processedByReport(app.dbRead, request.body.fromDate, request.body.toDate)),
  );
};

export default routes;
