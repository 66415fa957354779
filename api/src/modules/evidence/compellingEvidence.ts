import { dayjs } from '@app/domain';

/**
 * Visa Compelling Evidence 3.0 (reason code 10.4, fraud in a card-absent environment): the merchant
 * wins with two earlier undisputed transactions on the same payment credential, settled 120 to 365
 * days before the dispute date, where at least two of four core elements match across all three
 * transactions, one of them the IP address or the device id.
 */
export const CE3_WINDOW_DAYS = { from: 120, to: 365 } as const;

export const CORE_ELEMENTS = ['User ID', 'IP address', 'Device ID', 'Shipping address'] as const;
export type CoreElement = (typeof CORE_ELEMENTS)[number];

/** The facts of one transaction that the rule reads. */
export interface Ce3Transaction {
  orderId: number;
  /** When the payment settled (paid_at, else the order time). */
  settledAt: string;
  /** The customer's login: this service signs customers in by email. */
  userId: string | null;
  ip: string | null;
  deviceId: string | null;
  address: string | null;
  /** Ever in ChargeBack. */
  disputed: boolean;
  refunded: boolean;
}

export type Ce3Prior<T extends Ce3Transaction = Ce3Transaction> = T & {
  daysBeforeDispute: number;
  inWindow: boolean;
  /** Core elements equal to the disputed transaction's. */
  matches: CoreElement[];
  /** In the window, neither disputed nor refunded, and matching on two elements including IP or device id. */
  meetsRule: boolean;
};

export interface Ce3Assessment<T extends Ce3Transaction = Ce3Transaction> {
  priors: Array<Ce3Prior<T>>;
  qualifies: boolean;
  /** The two earlier orders that qualify the dispute, and the elements all three share. */
  pair: [number, number] | null;
  elements: CoreElement[];
}

const normalise = (element: CoreElement, value: string | null): string | null => {
  if (!value?.trim()) return null;
  const text = value.trim().toLowerCase();
  // Addresses are typed again each time: compare letters and digits only.
  return element === 'Shipping address' ? text.replace(/[^\p{L}\p{N}]+/gu, '') || null : text;
};

const valueOf = (t: Ce3Transaction, element: CoreElement) =>
  normalise(
    element,
    { 'User ID': t.userId, 'IP address': t.ip, 'Device ID': t.deviceId, 'Shipping address': t.address }[element],
  );

const strongEnough = (elements: CoreElement[]) =>
  elements.length >= 2 && (elements.includes('IP address') || elements.includes('Device ID'));

export function assessCe3<T extends Ce3Transaction>(
  disputed: Ce3Transaction,
  disputeDate: string,
  priors: T[],
): Ce3Assessment<T> {
  const dispute = dayjs.utc(disputeDate);
  const assessed = priors.map((prior): Ce3Prior<T> => {
    const daysBeforeDispute = dispute.diff(dayjs.utc(prior.settledAt), 'day');
    const inWindow = daysBeforeDispute >= CE3_WINDOW_DAYS.from && daysBeforeDispute <= CE3_WINDOW_DAYS.to;
    const matches = CORE_ELEMENTS.filter((e) => {
      const value = valueOf(disputed, e);
      return value !== null && value === valueOf(prior, e);
    });
    const meetsRule = inWindow && !prior.disputed && !prior.refunded && strongEnough(matches);
    return { ...prior, daysBeforeDispute, inWindow, matches, meetsRule };
  });
  // Two priors qualify together on the elements both share with the disputed transaction.
  const candidates = assessed.filter((p) => p.meetsRule);
  let best: { pair: [number, number]; elements: CoreElement[] } | null = null;
  for (let i = 0; i < candidates.length; i++) {
    for (let j = i + 1; j < candidates.length; j++) {
      const shared = candidates[i]!.matches.filter((e) => candidates[j]!.matches.includes(e));
      if (strongEnough(shared) && (!best || shared.length > best.elements.length)) {
        best = { pair: [candidates[i]!.orderId, candidates[j]!.orderId], elements: shared };
      }
    }
  }
  return { priors: assessed, qualifies: !!best, pair: best?.pair ?? null, elements: best?.elements ?? [] };
}

/**
 * Which orders share a payment credential: the gateway's card fingerprint when it gives one (the
 * same card in another wallet still matches), else brand, BIN and last four together.
 */
export function paymentCredentialKey(card: {
  card_brand?: string | null;
  card_bin?: string | null;
  card_last4?: string | null;
  card_fingerprint?: string | null;
}): string | null {
  if (card.card_fingerprint) return `fp:${card.card_fingerprint}`;
  if (!card.card_bin || !card.card_last4) return null;
  return `card:${(card.card_brand ?? '').toLowerCase()}:${card.card_bin}:${card.card_last4}`;
}
