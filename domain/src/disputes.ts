/**
 * Disputes (chargebacks): the card networks, reason categories, statuses and response windows, and what
 * evidence wins each category. Shared by the API (rules, checklist, report) and the admin (forms, labels).
 */

export const DISPUTE_NETWORKS = ['visa', 'mastercard', 'amex', 'other'] as const;
export type DisputeNetwork = (typeof DISPUTE_NETWORKS)[number];

export const DISPUTE_CATEGORIES = [
  'fraud',
  'not_received',
  'not_as_described',
  'credit_not_processed',
  'duplicate',
  'other',
] as const;
export type DisputeCategory = (typeof DISPUTE_CATEGORIES)[number];

export const DISPUTE_STATUSES = ['needs_response', 'under_review', 'won', 'lost', 'accepted', 'expired'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** Statuses where the answer is still ours to send: these are the ones that can miss their deadline. */
export const DISPUTE_DUE_STATUSES: readonly DisputeStatus[] = ['needs_response'];
/** Statuses that end a dispute. */
export const DISPUTE_CLOSED_STATUSES: readonly DisputeStatus[] = ['won', 'lost', 'accepted', 'expired'];

/** Moves a person may make: forward only; a closed dispute stays closed (a mistake is a new dispute). */
export const DISPUTE_MOVES: Readonly<Record<DisputeStatus, readonly DisputeStatus[]>> = {
  needs_response: ['under_review', 'accepted', 'won', 'lost'],
  under_review: ['won', 'lost', 'accepted'],
  won: [],
  lost: [],
  accepted: [],
  expired: [],
};

/**
 * Days the merchant has to answer, from the day the dispute is opened, when the gateway gives no due
 * date: the networks' usual windows less the days acquirers keep for themselves.
 */
export const RESPONSE_WINDOW_DAYS: Readonly<Record<DisputeNetwork, number>> = {
  visa: 30,
  mastercard: 45,
  amex: 20,
  other: 30,
};

/** Days before `dueBy` when Managers are told, each once per dispute. */
export const DISPUTE_NOTICE_DAYS = [5, 2] as const;

/** Monitoring thresholds (dispute count over transactions, percent) the networks' programmes act at, by default. */
export const DEFAULT_DISPUTE_THRESHOLDS: Readonly<Record<DisputeNetwork, number>> = {
  visa: 0.9,
  mastercard: 1,
  amex: 1,
  other: 1,
};
/** The dashboard warns when a network's rate is at this share of its threshold or more. */
export const DISPUTE_THRESHOLD_NEAR = 0.8;

const VISA: Record<string, DisputeCategory> = {
  '10': 'fraud',
  '11': 'other',
  '12': 'other',
  '12.6.1': 'duplicate',
  '12.6.2': 'duplicate',
  '13.1': 'not_received',
  '13.2': 'credit_not_processed',
  '13.3': 'not_as_described',
  '13.4': 'not_as_described',
  '13.5': 'not_as_described',
  '13.6': 'credit_not_processed',
  '13.7': 'credit_not_processed',
};
const MASTERCARD: Record<string, DisputeCategory> = {
  '4837': 'fraud',
  '4840': 'fraud',
  '4849': 'fraud',
  '4863': 'fraud',
  '4870': 'fraud',
  '4871': 'fraud',
  '4834': 'duplicate',
  '4853': 'not_as_described',
  '4855': 'not_received',
  '4860': 'credit_not_processed',
};
const AMEX: Record<string, DisputeCategory> = {
  F10: 'fraud',
  F14: 'fraud',
  F24: 'fraud',
  F29: 'fraud',
  FR2: 'fraud',
  FR4: 'fraud',
  FR6: 'fraud',
  C08: 'not_received',
  C31: 'not_as_described',
  C32: 'not_as_described',
  C02: 'credit_not_processed',
  C04: 'credit_not_processed',
  C05: 'credit_not_processed',
  P08: 'duplicate',
};
/** Stripe's `reason` values. */
const STRIPE: Record<string, DisputeCategory> = {
  fraudulent: 'fraud',
  product_not_received: 'not_received',
  product_unacceptable: 'not_as_described',
  credit_not_processed: 'credit_not_processed',
  subscription_canceled: 'credit_not_processed',
  duplicate: 'duplicate',
};

/**
 * The category of a reason code: the network's own code (Visa 10.4 and every 10.x is fraud; the most
 * specific prefix wins), or a gateway's reason word such as Stripe's `fraudulent`; anything else `other`.
 */
export function reasonCategoryOf(network: string, reasonCode: string): DisputeCategory {
  const code = reasonCode.trim();
  if (STRIPE[code.toLowerCase()]) return STRIPE[code.toLowerCase()]!;
  if (network === 'visa') {
    const parts = code.split('.');
    for (let n = parts.length; n > 0; n--) {
      const found = VISA[parts.slice(0, n).join('.')];
      if (found) return found;
    }
  }
  if (network === 'mastercard') return MASTERCARD[code] ?? 'other';
  if (network === 'amex') return AMEX[code.toUpperCase()] ?? 'other';
  return 'other';
}

/**
 * What can answer a dispute, each item under the Stripe evidence field it fills (Stripe's names, so one
 * JSON serves any gateway's API). `auto`: filled from the order's own records when they exist.
 */
export const EVIDENCE_ITEMS = {
  purchase: { stripeField: 'customer_purchase_ip', auto: true },
  terms_accepted: { stripeField: 'refund_policy_disclosure', auto: true },
  download_log: { stripeField: 'access_activity_log', auto: true },
  delivery_events: { stripeField: 'customer_communication', auto: true },
  timeline: { stripeField: 'service_date', auto: true },
  finished_document: { stripeField: 'service_documentation', auto: true },
  customer_mails: { stripeField: 'customer_communication', auto: true },
  prior_transactions: { stripeField: 'enhanced_evidence', auto: true },
  refund_policy: { stripeField: 'refund_policy', auto: false },
  refund_refusal_explanation: { stripeField: 'refund_refusal_explanation', auto: false },
  duplicate_charge_explanation: { stripeField: 'duplicate_charge_explanation', auto: false },
  receipt: { stripeField: 'receipt', auto: false },
  other: { stripeField: 'uncategorized_text', auto: false },
} as const;
export type EvidenceItem = keyof typeof EVIDENCE_ITEMS;
export const EVIDENCE_ITEM_KEYS = Object.keys(EVIDENCE_ITEMS) as EvidenceItem[];

/** The checklist of each category: what wins it, most telling first. */
export const EVIDENCE_CHECKLISTS: Readonly<Record<DisputeCategory, readonly EvidenceItem[]>> = {
  fraud: ['prior_transactions', 'purchase', 'download_log', 'terms_accepted', 'delivery_events', 'finished_document'],
  not_received: ['delivery_events', 'download_log', 'finished_document', 'timeline', 'customer_mails'],
  not_as_described: ['finished_document', 'timeline', 'terms_accepted', 'customer_mails', 'download_log'],
  credit_not_processed: ['terms_accepted', 'refund_policy', 'refund_refusal_explanation', 'customer_mails', 'timeline'],
  duplicate: ['duplicate_charge_explanation', 'receipt', 'timeline'],
  other: ['timeline', 'terms_accepted', 'download_log', 'finished_document', 'customer_mails'],
};

/**
 * The Defence Pack that fits a category: the download pack (1) where the card holder denies buying or
 * getting the service was what they paid for, the mail delivery pack (2) where they say it never came.
 */
export const defencePackFor = (category: DisputeCategory): 1 | 2 =>
  category === 'not_received' || category === 'credit_not_processed' || category === 'duplicate' ? 2 : 1;

/** Whole days from `now` to `dueBy` (negative once past), counted on the UTC calendar. */
export function daysLeft(dueBy: string | Date, now: Date): number {
  const due = new Date(typeof dueBy === 'string' ? `${dueBy.replace(' ', 'T').replace(/Z?$/, 'Z')}` : dueBy);
  const day = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return Math.round((day(due) - day(now)) / 86_400_000);
}
