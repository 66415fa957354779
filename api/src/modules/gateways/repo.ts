import type { Knex } from 'knex';

export interface GatewayView {
  id: number;
  gateway_name: string;
  /** '1' marks the active gateway (the old system's flag). */
  is_active: '1' | '0';
}

export const listGateways = async (db: Knex): Promise<GatewayView[]> =>
  (await db('payment_gateways').select('id', 'gateway_name', 'is_active').orderBy('id')).map((g) => ({
    id: Number(g.id),
    gateway_name: g.gateway_name,
    is_active: Number(g.is_active) ? '1' : '0',
  }));

/** A plain read: locking one row here and then all of them in the update would deadlock concurrent switches. */
export const findGateway = (
  db: Knex | Knex.Transaction,
  id: number,
): Promise<{ id: number; gateway_name: string } | undefined> =>
  db('payment_gateways').select('id', 'gateway_name').where({ id }).first();

/** One statement sets every row, so exactly one gateway is active whatever runs at the same time. */
export const activateOnly = (trx: Knex.Transaction, id: number) =>
  trx('payment_gateways').update({ is_active: trx.raw('CASE WHEN id = ? THEN 1 ELSE 0 END', [id]) });
