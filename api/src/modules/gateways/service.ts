import type { Knex } from 'knex';
import { notFound } from '../../http.js';
import type { Member } from '../../types.js';
import { recordAudit } from '../audit/service.js';
import { activateOnly, findGateway, listGateways } from './repo.js';

export const gateways = (db: Knex) => listGateways(db);

/** Makes one gateway the active one, and records who switched it. */
export async function switchGateway(db: Knex, member: Member, gatewayId: number): Promise<string> {
  // Gateways are never deleted, so one that exists now still exists when the update runs.
  const gateway = await findGateway(db, gatewayId);
  if (!gateway) throw notFound('Payment gateway not found.');
  return db.transaction(async (trx) => {
    await activateOnly(trx, gatewayId);
    await recordAudit(trx, member, [{ action: 'gateway', to: gateway.gateway_name }]);
    return `${gateway.gateway_name} is now the active gateway.`;
  });
}
