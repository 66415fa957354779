import { badRequest, notFound } from '../../http.js';
import { integerId, pageInMemory, type ResourceRepository, type Row } from '../../core/resources.js';
import { gateways, switchGateway } from './service.js';

/** A gateway as a record: is_active a boolean (the old system's endpoint keeps '1'/'0'). */
const gatewayRecord = (g: { id: number; gateway_name: string; is_active: '1' | '0' }): Row => ({
  ...g,
  is_active: g.is_active === '1',
});

/** gateways: PUT {is_active: true} makes the gateway the only active one (audited by the service). */
export const gatewaysRepository: ResourceRepository = {
  list: async ({ app }, query) => pageInMemory((await gateways(app.db)).map(gatewayRecord), query),
  one: async ({ app }, id) => {
    const wanted = integerId(id);
    const gateway = (await gateways(app.db)).find((g) => g.id === wanted);
    return gateway && gatewayRecord(gateway);
  },
  update: {
    async run({ app, member }, id, body) {
      const gatewayId = integerId(id);
      if (body.is_active !== true) throw badRequest('One gateway is always active: activate another one instead.');
      await switchGateway(app.db, member, gatewayId);
      const gateway = (await gateways(app.db)).find((g) => g.id === gatewayId);
      if (!gateway) throw notFound('Payment gateway not found.');
      return gatewayRecord(gateway);
    },
  },
};
