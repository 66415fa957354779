import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { messageAnswer, ok } from '../../http.js';
import { gateways, switchGateway } from '../gateways/service.js';
import { countryReport, processedByReport } from '../reports/service.js';
import { DateRangeBody, GatewaysAnswer, RecordsAnswer, SwitchBody } from './schemas.js';

const gatewaySetting = { permission: 'gateways.manage' } as const;

/** Gateway Setting, and Country Order List and Order Processed (read from the read replica when there is one). */
const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/payment-gateways',
    { schema: { tags: ['gateways'], response: GatewaysAnswer }, config: gatewaySetting },
    async () => ok('Payment gateways.', await gateways(app.db)),
  );

  app.post(
    '/admin/payment-gateway-setting',
    {
      schema: { tags: ['gateways'], body: SwitchBody, response: messageAnswer },
      config: { ...gatewaySetting, stepUp: true },
    },
    async (request) => ok(await switchGateway(app.db, request.member, request.body.gatewayId)),
  );

  app.post(
    '/admin/get-country-order-count',
    {
      schema: { tags: ['reports'], body: DateRangeBody, response: RecordsAnswer },
      config: { permission: 'reports.country' },
    },
    async (request) =>
      ok('Country order count.', await countryReport(app.dbRead, request.body.fromDate, request.body.toDate)),
  );

  app.post(
    '/admin/get-processed-by-count',
    {
      schema: { tags: ['reports'], body: DateRangeBody, response: RecordsAnswer },
      config: { permission: 'reports.processedBy' },
    },
    async (request) =>
      ok('Processed by count.', await processedByReport(app.dbRead, request.body.fromDate, request.body.toDate)),
  );
};

export default settingsRoutes;
