import type { FastifyInstance } from 'fastify';
import { brandForHost, nowUtc, type Registry, type Role } from '@app/domain';
import { blankedForRole, customValuesOf, mayReadFact } from '../orders/service.js';
import { placeOfIp } from '../../geo/ipLocation.js';
import { describeUserAgent } from '../visitor/service.js';
import { listMailEvents } from '../webhooks/service.js';
import { assessCe3 } from './compellingEvidence.js';
import type { DefencePack, DefencePackType, PriorTransaction, PurchaseEvidence } from './packPdf.js';
import {
  PACK_LOG_LIMIT,
  findDisputeDate,
  findEvidenceLogs,
  findPriorOrders,
  type EvidenceOrder,
  type PriorOrder,
} from './repo.js';

const addressOf = (o: Pick<EvidenceOrder, 'address' | 'sub_district' | 'district_area' | 'province'>) =>
  [o.address, o.sub_district, o.district_area, o.province].filter(Boolean).join(', ') || null;

/**
 * Where and on what the order was bought. Orders recorded before these columns existed have their
 * stored IP and user agent read now, with the same database and parser.
 */
async function purchaseOf(order: EvidenceOrder): Promise<PurchaseEvidence> {
  const place =
    order.purchase_location || !order.purchase_ip
      ? { location: order.purchase_location, city: order.purchase_city }
      : await placeOfIp(order.purchase_ip);
  const device = order.purchase_device
    ? {
        device: order.purchase_device,
        device_type: order.purchase_device_type,
        browser: order.purchase_browser,
        os: order.purchase_os,
      }
    : order.purchase_user_agent
      ? describeUserAgent(order.purchase_user_agent)
      : { device: null, device_type: null, browser: null, os: null };
  return { ip: order.purchase_ip, ...place, ...device, device_id: order.purchase_device_id };
}

const priorTransaction = (p: PriorOrder): PriorTransaction => ({
  orderId: Number(p.order_id),
  settledAt: p.paid_at ?? p.created_at,
  userId: p.email,
  ip: p.purchase_ip,
  deviceId: p.purchase_device_id,
  address: addressOf(p),
  disputed: Number(p.ever_disputed) === 1,
  refunded: p.process_status === 'Refunds' || !!p.refund_date,
  amount: p.amount === null ? '' : `${Number(p.amount).toFixed(2)} ${p.currency ?? ''}`.trim(),
});

/**
 * Everything a pack shows about an order: its logs, where and on what it was bought, its mails'
 * delivery events, and the customer's earlier orders on the same credential, assessed under Visa
 * CE 3.0 against the dispute date (the order's move to ChargeBack, else the pack's date).
 */
export async function assembleDefencePack(
  app: FastifyInstance,
  order: EvidenceOrder,
  type: DefencePackType,
): Promise<DefencePack> {
  const generatedAt = nowUtc();
  const [logs, disputedAt, purchase, customFields] = await Promise.all([
    findEvidenceLogs(app.db, order.order_id),
    findDisputeDate(app.db, order.order_id),
    purchaseOf(order),
    type === 2 ? customValuesOf(app.db, order.order_id, app.registry.orders) : Promise.resolve([]),
  ]);
  const disputeDate = disputedAt ?? generatedAt;
  const [priors, mailEvents] = await Promise.all([
    order.payment_credential
      ? findPriorOrders(app.db, { orderId: order.order_id, credential: order.payment_credential, before: disputeDate })
      : Promise.resolve([]),
    type === 2
      ? listMailEvents(
          app.db,
          logs.mails.map((m) => m.id),
          PACK_LOG_LIMIT,
        )
      : Promise.resolve([]),
  ]);
  const ce3 = assessCe3(
    {
      orderId: order.order_id,
      settledAt: order.paid_at ?? order.created_at,
      userId: order.email,
      ip: order.purchase_ip,
      deviceId: order.purchase_device_id,
      address: addressOf(order),
      disputed: true,
      refunded: false,
    },
    disputeDate,
    priors.map(priorTransaction),
  );
  return {
    type,
    order,
    purchase,
    ...logs,
    mailEvents,
    disputedAt: disputedAt ?? null,
    ce3,
    brand: brandForHost(order.landing_domain),
    generatedAt,
    customFields: customFields.map(({ source, label, value }) => ({ source, label, value: printed(value) })),
  };
}

/** A custom value as the pack prints it. */
const printed = (value: unknown) =>
  value === null ? '' : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);

/**
 * What a pack prints beyond the registry's order fields, each by the field it tells about: where and
 * on what the order was bought tells as much as its IP, the card and gateway as much as the payment.
 */
const PACK_FACTS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    [
      'purchase_user_agent',
      'purchase_location',
      'purchase_city',
      'purchase_device',
      'purchase_device_type',
      'purchase_browser',
      'purchase_os',
      'purchase_device_id',
    ].map((fact) => [fact, 'purchase_ip']),
  ),
  ...Object.fromEntries(
    ['gateway_name', 'card_brand', 'card_bin', 'card_last4', 'card_fingerprint', 'payment_credential'].map((fact) => [
      fact,
      'amount',
    ]),
  ),
  terms_accepted_at: 'created_at',
  processed_at: 'finished_at',
  processed_by: 'finished_at',
};

/** The purchase section's facts, as the order's columns they come from. */
const PURCHASE_FACTS: Record<keyof PurchaseEvidence, string> = {
  ip: 'purchase_ip',
  location: 'purchase_location',
  city: 'purchase_city',
  device: 'purchase_device',
  device_type: 'purchase_device_type',
  browser: 'purchase_browser',
  os: 'purchase_os',
  device_id: 'purchase_device_id',
};

/**
 * A pack as a role may read it: the order and the purchase by the allow-list of every answer about
 * orders (the fields the role reads, and the facts above by the field they tell about), so a column
 * nobody named is printed nowhere; the earlier orders' payment time, IP, device and amount by the same
 * fields. The CE 3.0 verdict is reached on the whole facts first and names none of them; the brand
 * stays, as the merchant the pack speaks for.
 */
export function packForRole(registry: Registry, role: Role, pack: DefencePack): DefencePack {
  const reads = mayReadFact(registry, 'orders', role, PACK_FACTS);
  const purchase = Object.fromEntries(
    Object.entries(pack.purchase).map(([fact, value]) => [
      fact,
      reads(PURCHASE_FACTS[fact as keyof PurchaseEvidence]) ? value : null,
    ]),
  ) as unknown as PurchaseEvidence;
  const prior = <T extends PriorTransaction>(p: T): T => ({
    ...p,
    ...(reads('paid_at') ? {} : { settledAt: '' }),
    ...(reads('purchase_ip') ? {} : { ip: null }),
    ...(reads('purchase_device_id') ? {} : { deviceId: null }),
    ...(reads('amount') && reads('currency') ? {} : { amount: '' }),
  });
  return {
    ...pack,
    order: blankedForRole(registry, 'orders', role, PACK_FACTS)(pack.order),
    purchase,
    ce3: { ...pack.ce3, priors: pack.ce3.priors.map(prior) },
    customFields: pack.customFields.filter((f) => reads(f.source)),
  };
}
