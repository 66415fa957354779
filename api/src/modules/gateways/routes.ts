import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MESSAGES } from '@app/domain';
import { ok } from '../../http.js';
import { gateways, switchGateway } from './service.js';

const tags = ['gateways'];
const config = { permission: 'gateways.manage' } as const;

const SwitchBody = Type.Object({
  gatewayId: Type.Integer({
    minimum: 1,
    errorMessage: {
      required: MESSAGES.gatewayRequired,
      type: MESSAGES.gatewayRequired,
      minimum: MESSAGES.gatewayRequired,
    },
  }),
});

/** Gateway Setting (docs/product.md#the-old-systems-calls): the gateways and which one takes payments. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/admin/payment-gateways', { schema: { tags }, config }, async () =>
    ok('Payment gateways.', await gateways(app.db)),
  );

  app.post(
    '/admin/payment-gateway-setting',
    { schema: { tags, body: SwitchBody }, config: { ...config, stepUp: true } },
    async (request) => ok(await switchGateway(app.db, request.member, request.body.gatewayId)),
  );
};

export default routes;
