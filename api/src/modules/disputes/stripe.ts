import crypto from 'node:crypto';
import { reasonCategoryOf, type DisputeNetwork, type DisputeStatus } from '@app/domain';
import { majorUnits, type GatewayDispute } from './service.js';

/** Stripe's own default: an event signed longer ago (or this far ahead of our clock) is a replay. */
export const STRIPE_TOLERANCE_SECONDS = 5 * 60;

/**
 * Stripe's signature: the `Stripe-Signature` header `t=<unix seconds>,v1=<hex>[,v1=…]`, each v1 an
 * HMAC-SHA256 with the endpoint's secret over `<t>.<raw body>`. Valid when one v1 matches and t is
 * within the tolerance of now.
 */
export function verifyStripe(secret: string, header: string, rawBody: string, nowSeconds: number): boolean {
  if (!secret || !header) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const timestamp = parts.find(([k]) => k === 't')?.[1] ?? '';
  const signatures = parts.filter(([k, v]) => k === 'v1' && v && /^[0-9a-f]{64}$/.test(v)).map(([, v]) => v!);
  if (!/^\d{1,12}$/.test(timestamp) || !signatures.length) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > STRIPE_TOLERANCE_SECONDS) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest();
  return signatures.some((s) => crypto.timingSafeEqual(Buffer.from(s, 'hex'), expected));
}

/** Stripe's dispute object, as far as the desk reads it. */
export interface StripeDisputeObject {
  id: string;
  amount: number;
  currency: string;
  charge?: string | null;
  payment_intent?: string | null;
  reason?: string | null;
  status: string;
  created: number;
  evidence_details?: { due_by?: number | null } | null;
  payment_method_details?: { card?: { brand?: string | null; network_reason_code?: string | null } | null } | null;
}

const STATUSES: Record<string, DisputeStatus> = {
  warning_needs_response: 'needs_response',
  needs_response: 'needs_response',
  warning_under_review: 'under_review',
  under_review: 'under_review',
  won: 'won',
  // An inquiry that closed without becoming a chargeback: the money stayed.
  warning_closed: 'won',
  prevented: 'won',
  lost: 'lost',
  charge_refunded: 'accepted',
};

const NETWORKS: Record<string, DisputeNetwork> = { visa: 'visa', mastercard: 'mastercard', amex: 'amex' };

/** The dispute events the desk applies; other event types are acknowledged and left alone. */
export const STRIPE_DISPUTE_EVENTS = ['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed'];

/** A Stripe dispute event in the desk's terms. */
export function fromStripe(event: { id: string; type: string }, dispute: StripeDisputeObject): GatewayDispute {
  const network = NETWORKS[dispute.payment_method_details?.card?.brand ?? ''] ?? 'other';
  const reason = dispute.reason ?? 'general';
  const reasonCode = dispute.payment_method_details?.card?.network_reason_code || reason;
  const dueBy = dispute.evidence_details?.due_by;
  return {
    provider: 'stripe',
    eventId: event.id,
    eventType: event.type,
    externalId: dispute.id,
    paymentRefs: [dispute.charge, dispute.payment_intent].filter((r): r is string => !!r),
    network,
    reasonCode: reasonCode.slice(0, 32),
    // Stripe's reason word says the category; its catch-all `general` leaves it to the network's code.
    reasonCategory:
      reasonCategoryOf(network, reason) === 'other'
        ? reasonCategoryOf(network, reasonCode)
        : reasonCategoryOf(network, reason),
    amount: majorUnits(dispute.amount, dispute.currency),
    currency: dispute.currency.toUpperCase(),
    openedAt: new Date(dispute.created * 1000),
    dueBy: dueBy ? new Date(dueBy * 1000) : null,
    status: STATUSES[dispute.status] ?? 'needs_response',
  };
}
