/**
 * Disputes for a bulk database: `count` disputes on random orders of it, spread over the gateways, networks,
 * reason codes and statuses, opened over the last two years; those still open (needs_response, under_review)
 * were opened within their network's response window, so their deadlines lie ahead or just behind, as on a
 * real desk. About a third have evidence items people added. Each keeps its order's nationality and evidence, as
 * opening one does (disputes/repo.ts disputeOrders). Seeded, so a database gets the same disputes
 * each time for the same first id.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import {
  EVIDENCE_ITEM_KEYS,
  EVIDENCE_ITEMS,
  reasonCategoryOf,
  RESPONSE_WINDOW_DAYS,
  type DisputeNetwork,
  type DisputeStatus,
} from '@app/domain';
import { disputeOrders, evidenceList } from '../../api/src/modules/disputes/repo.js';
import { createRng, CURRENCIES, toDateTime, type Rng } from '../generator.js';

const DAY = 86_400_000;
/** Rows per INSERT: under SQLite's 32,766 bound values with a dispute's 18 columns. */
const CHUNK = 500;

/** Networks by share of disputes, and the reason codes each sends (network codes, or Stripe's reason words). */
const NETWORKS: ReadonlyArray<{ network: DisputeNetwork; share: number; codes: readonly string[] }> = [
  { network: 'visa', share: 0.55, codes: ['10.4', '10.5', '11.3', '12.6.1', '13.1', '13.2', '13.3', '13.6', '13.7'] },
  { network: 'mastercard', share: 0.3, codes: ['4837', '4853', '4855', '4860', '4834', '4870'] },
  { network: 'amex', share: 0.1, codes: ['F29', 'C08', 'C31', 'C02', 'P08'] },
  { network: 'other', share: 0.05, codes: ['fraudulent', 'product_not_received', 'duplicate', 'general'] },
];
/** Statuses of disputes whose deadline has passed, by share. */
const CLOSED: ReadonlyArray<{ status: DisputeStatus; share: number }> = [
  { status: 'won', share: 0.42 },
  { status: 'lost', share: 0.33 },
  { status: 'accepted', share: 0.13 },
  { status: 'expired', share: 0.07 },
  { status: 'under_review', share: 0.05 },
];
/** Share of disputes still open, opened within their response window. */
const OPEN_SHARE = 0.3;
const MANUAL_ITEMS = EVIDENCE_ITEM_KEYS.filter((item) => !EVIDENCE_ITEMS[item].auto);

const weighted = <T extends { share: number }>(rng: Rng, entries: readonly T[]): T => {
  let r = rng.next();
  for (const entry of entries) if ((r -= entry.share) < 0) return entry;
  return entries[entries.length - 1]!;
};

/** Inserts `count` disputes (and their evidence items) on orders of the database; answers how many. */
export async function fillDisputes(db: Knex, count: number, now = Date.now()): Promise<number> {
  if (count <= 0) return 0;
  const range = (await db('orders').min({ min: 'order_id' }).max({ max: 'order_id' }).first()) as
    { min: number | string | null; max: number | string | null } | undefined;
  if (range?.min == null || range.max == null) throw new Error('Disputes need orders: seed orders first.');
  const [min, max] = [Number(range.min), Number(range.max)];
  const gateways = (await db('payment_gateways').pluck('gateway_name')) as string[];
  const existing = Number(((await db('disputes').count({ n: '*' }).first()) as { n?: number | string })?.n ?? 0);
  const rng = createRng(existing + 1);
  const disputes: Record<string, unknown>[] = [];
  const itemsOf: Array<Record<string, unknown>[]> = [];
  for (let i = 0; i < count; i++) {
    const { network, codes } = weighted(rng, NETWORKS);
    const reasonCode = rng.pick(codes);
    const window = RESPONSE_WINDOW_DAYS[network] * DAY;
    const open = rng.chance(OPEN_SHARE);
    // Open ones: opened within their window (a few a day or two past it, not yet expired by the deadline pass).
    const openedAt = open ? now - rng.int(0, window + 2 * DAY) : now - window - rng.int(0, 700 * DAY);
    const status: DisputeStatus = open
      ? rng.chance(0.7)
        ? 'needs_response'
        : 'under_review'
      : weighted(rng, CLOSED).status;
    const dueBy = openedAt + window;
    const matched = rng.chance(0.97);
    const stripe = rng.chance(0.7);
    const closedAt =
      status === 'needs_response' || status === 'under_review' ? null : toDateTime(dueBy + rng.int(1, 60) * DAY);
    disputes.push({
      order_id: matched ? rng.int(min, max) : null,
      gateway: matched || stripe ? (stripe ? 'Stripe' : rng.pick(gateways)) : null,
      network,
      reason_code: reasonCode,
      reason_category: reasonCategoryOf(network, reasonCode),
      amount: (rng.int(1900, 12900) / 100).toFixed(2),
      currency: rng.pick(CURRENCIES),
      opened_at: toDateTime(openedAt),
      due_by: toDateTime(dueBy),
      status,
      submitted_at: status === 'needs_response' ? null : toDateTime(openedAt + rng.int(1, 10) * DAY),
      outcome_at: closedAt && Date.parse(`${closedAt.replace(' ', 'T')}Z`) < now ? closedAt : null,
      external_id: stripe ? `dp_${crypto.randomBytes(12).toString('hex')}` : null,
      charge_ref: stripe ? `ch_${crypto.randomBytes(12).toString('hex')}` : null,
      created_at: toDateTime(openedAt),
      updated_at: toDateTime(openedAt),
    });
    itemsOf.push(
      rng.chance(0.35)
        ? [...new Set(Array.from({ length: rng.int(1, 3) }, () => rng.pick(MANUAL_ITEMS)))].map((item) => ({
            item,
            text: 'Our reply to the bank, with the customer’s order history.',
            added_by: 'Bench Manager',
            created_at: toDateTime(openedAt + DAY),
          }))
        : [],
    );
  }
  const orders = await disputeOrders(
    db,
    disputes.flatMap((d) => (d.order_id ? [Number(d.order_id)] : [])),
  );
  disputes.forEach((d, i) => {
    const order = orders.get(Number(d.order_id));
    d.nationality = order?.nationality ?? null;
    d.evidence = evidenceList([...(order?.items ?? []), ...(itemsOf[i] ?? []).map((item) => String(item.item))]);
  });
  await db.transaction(async (trx) => {
    const firstId = Number(((await trx('disputes').max({ max: 'id' }).first()) as { max?: number | string })?.max ?? 0);
    for (let i = 0; i < disputes.length; i += CHUNK) await trx('disputes').insert(disputes.slice(i, i + CHUNK));
    // Ids follow the inserts in order (one writer: this transaction holds the table's new rows).
    const ids = (await trx('disputes').where('id', '>', firstId).orderBy('id').pluck('id')) as number[];
    const evidence = ids.flatMap((id, i) => (itemsOf[i] ?? []).map((item) => ({ dispute_id: id, ...item })));
    for (let i = 0; i < evidence.length; i += CHUNK) await trx('dispute_evidence').insert(evidence.slice(i, i + CHUNK));
  });
  return count;
}
