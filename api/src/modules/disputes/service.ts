import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import {
  dayjs,
  DB_DATETIME,
  defencePackFor,
  DISPUTE_CLOSED_STATUSES,
  DISPUTE_MOVES,
  DISPUTE_NETWORKS,
  DISPUTE_NOTICE_DAYS,
  DEFAULT_DISPUTE_THRESHOLDS,
  DISPUTE_THRESHOLD_NEAR,
  daysLeft,
  moveRefusal,
  reasonCategoryOf,
  RESPONSE_WINDOW_DAYS,
  type DisputeCategory,
  type DisputeNetwork,
  type DisputeStatus,
  type EvidenceItem,
} from '@app/domain';
import { withTransactionRetry } from '../../db/retry.js';
import { badRequest, conflict, forbidden, notFound } from '../../http.js';
import type { Member } from '../../types.js';
import { recordAudit } from '../audit/service.js';
import { checkOriginalName, inspectDocument } from '../documents/service.js';
import { publishDisputesChanged } from '../events/service.js';
import { orderEvidence } from '../evidence/service.js';
import { notify } from '../notifications/service.js';
import { changeOrdersIn } from '../orders/service.js';
import { checklistOf, priorOrdersOf, stripeEvidence } from './checklist.js';
import {
  claimNotice,
  dueBefore,
  dueCount,
  evidenceItemsOf,
  expireDispute,
  findDispute,
  findDisputeByExternalId,
  findDisputeOrder,
  findEvidenceItem,
  findOrderByTransaction,
  insertDispute,
  insertEvidenceItem,
  lockDispute,
  monthRate,
  noteWebhookEvent,
  thresholdSettings,
  updateDispute,
  evidenceItems,
  evidenceList,
  tallyOpenedIn,
  type DisputeRow,
  type ReportTally,
} from './repo.js';

const stamp = (at: Date) => dayjs.utc(at).format(DB_DATETIME);
/** A datetime as given (ISO 8601 or stored form) in the stored form; refused naming the field otherwise. */
function storedTime(field: string, value: string): string {
  const t = dayjs.utc(value);
  if (!t.isValid()) throw badRequest(`${field} must be a date and time.`);
  return t.format(DB_DATETIME);
}

/** The largest amount a dispute holds (DECIMAL(10,2)). */
const MAX_AMOUNT = 99_999_999.99;
function checkedAmount(amount: number): number {
  if (!(amount > 0 && amount <= MAX_AMOUNT)) throw badRequest(`amount must be more than 0 and at most ${MAX_AMOUNT}.`);
  return Math.round(amount * 100) / 100;
}

/** The deadline a network usually gives, from the day it opens: the last second of that day, UTC. */
export const defaultDueBy = (network: DisputeNetwork, openedAt: Date) =>
  dayjs.utc(openedAt).add(RESPONSE_WINDOW_DAYS[network], 'day').endOf('day').format(DB_DATETIME);

/** A dispute as the resource answers it: its days left by the app's clock and the Defence Pack that fits it. */
export const disputeRecord = (now: Date) => (row: Record<string, unknown>) => ({
  ...row,
  amount: Number(row.amount),
  orderId: row.orderId == null ? null : Number(row.orderId),
  daysLeft: DISPUTE_CLOSED_STATUSES.includes(row.status as DisputeStatus) ? null : daysLeft(String(row.dueBy), now),
  pack: defencePackFor(row.reasonCategory as DisputeCategory),
});

/** Who a gateway's webhook acts as in the trail and the order change path: not a member, but allowed to move any order. */
const gatewayActor = (gateway: string): Member => ({ id: 0, name: `${gateway} webhook`, email: '', type: 'Admin' });

/** Moves the order to ChargeBack through the one change path, if it is not there already. */
async function moveToChargeBack(trx: Knex.Transaction, actor: Member, orderId: number) {
  await changeOrdersIn(trx, actor, [orderId], (order) => {
    if (order.process_status === 'ChargeBack') return null;
    const refusal = actor.id === 0 ? null : moveRefusal({ id: actor.id, type: actor.type }, order, 'ChargeBack');
    if (refusal) throw (refusal.status === 403 ? forbidden : conflict)(refusal.message);
    return {
      patch: { process_status: 'ChargeBack' },
      event: { action: 'move', from: order.process_status, to: 'ChargeBack' },
    };
  });
}

const disputeEvent = (d: Pick<DisputeRow, 'id' | 'order_id'>, from: string | null, to: string, detail = {}) => ({
  action: 'dispute',
  orderId: d.order_id,
  from,
  to,
  detail: JSON.stringify({ disputeId: d.id, ...detail }),
});

/** Tells every open admin how many disputes wait for an answer, once the change is committed. */
async function announce(app: FastifyInstance) {
  await publishDisputesChanged(app.db, await dueCount(app.db));
}

export interface NewDispute {
  orderId?: number | null;
  gateway?: string | null;
  network: DisputeNetwork;
  reasonCode: string;
  reasonCategory?: DisputeCategory | null;
  amount: number;
  currency?: string | null;
  dueBy?: string | null;
  notes?: string | null;
  externalId?: string | null;
  chargeRef?: string | null;
  status?: DisputeStatus;
  openedAt?: Date;
}

/**
 * Opens a dispute in the caller's transaction: its deadline defaults from the network's window, its
 * category from the reason code, its currency and gateway from the order; it keeps the order's nationality
 * and the evidence its records give as they are now (decisions/dispute-report.md); the order moves to ChargeBack.
 */
async function openIn(trx: Knex.Transaction, app: FastifyInstance, actor: Member, input: NewDispute) {
  const order = input.orderId ? await findDisputeOrder(trx, input.orderId) : undefined;
  if (input.orderId && !order) throw notFound(`Order ${input.orderId} was not found.`);
  const openedAt = input.openedAt ?? app.clock.now();
  const now = stamp(app.clock.now());
  const row = {
    order_id: order ? Number(order.order_id) : null,
    gateway: input.gateway || order?.gateway_name || null,
    network: input.network,
    reason_code: input.reasonCode.trim(),
    reason_category: input.reasonCategory || reasonCategoryOf(input.network, input.reasonCode),
    amount: checkedAmount(input.amount),
    currency: input.currency || order?.currency || 'USD',
    opened_at: stamp(openedAt),
    due_by: input.dueBy ? storedTime('dueBy', input.dueBy) : defaultDueBy(input.network, openedAt),
    status: input.status ?? 'needs_response',
    submitted_at: null,
    outcome_at: null,
    notes: input.notes || null,
    external_id: input.externalId ?? null,
    charge_ref: input.chargeRef ?? null,
    nationality: order?.nationality ?? null,
    evidence: evidenceList(order?.items ?? []),
    created_at: now,
    updated_at: now,
  };
  const id = await insertDispute(trx, row);
  if (row.order_id) await moveToChargeBack(trx, actor, row.order_id);
  await recordAudit(trx, actor, [
    disputeEvent({ id, order_id: row.order_id }, null, row.status, {
      network: row.network,
      reasonCode: row.reason_code,
      amount: row.amount,
    }),
  ]);
  return id;
}

/** Opens a dispute by hand (the move to ChargeBack's form, or New on the desk). */
export async function openDispute(app: FastifyInstance, member: Member, input: NewDispute): Promise<number> {
  if (input.status && input.status !== 'needs_response') throw badRequest('status: a dispute opens as needs_response.');
  const id = await withTransactionRetry(app.db, (trx) => openIn(trx, app, member, input));
  await announce(app);
  return id;
}

export type DisputeChange = Partial<Omit<NewDispute, 'externalId' | 'chargeRef' | 'openedAt'>>;

/**
 * Changes a dispute. Its status moves forward only (DISPUTE_MOVES); under_review records when the answer
 * was submitted, a closing status when the outcome came. An unmatched dispute takes an order once (with
 * its nationality and evidence, as opening would), and that order moves to ChargeBack. Each status change
 * and match is audited on the order.
 */
export async function changeDispute(app: FastifyInstance, member: Member, id: number, change: DisputeChange) {
  await withTransactionRetry(app.db, async (trx) => {
    const dispute = await lockDispute(trx, id);
    if (!dispute) throw notFound('Dispute not found.');
    const now = stamp(app.clock.now());
    const patch: Record<string, unknown> = {};
    const events = [];
    if (change.orderId != null && change.orderId !== Number(dispute.order_id ?? 0)) {
      if (dispute.order_id) throw conflict(`Dispute ${id} is already on order ${dispute.order_id}.`);
      const order = await findDisputeOrder(trx, change.orderId);
      if (!order) throw notFound(`Order ${change.orderId} was not found.`);
      patch.order_id = change.orderId;
      patch.gateway = dispute.gateway ?? order.gateway_name;
      patch.nationality = order.nationality;
      patch.evidence = evidenceList([...evidenceItems(dispute.evidence), ...order.items]);
      await moveToChargeBack(trx, member, change.orderId);
      events.push(disputeEvent({ id, order_id: change.orderId }, null, 'matched', { chargeRef: dispute.charge_ref }));
    }
    for (const [key, column] of [
      ['gateway', 'gateway'],
      ['network', 'network'],
      ['reasonCode', 'reason_code'],
      ['reasonCategory', 'reason_category'],
      ['amount', 'amount'],
      ['currency', 'currency'],
      ['notes', 'notes'],
    ] as const) {
      const value = change[key];
      if (value !== undefined && value !== null && value !== '') patch[column] = value;
    }
    if (patch.amount !== undefined) patch.amount = checkedAmount(Number(patch.amount));
    if (change.reasonCode && !change.reasonCategory)
      patch.reason_category = reasonCategoryOf(change.network ?? dispute.network, change.reasonCode);
    if (change.dueBy) patch.due_by = storedTime('dueBy', change.dueBy);
    const to = change.status;
    if (to && to !== dispute.status) {
      if (!DISPUTE_MOVES[dispute.status as DisputeStatus]?.includes(to))
        throw conflict(`status: a dispute ${dispute.status.replace('_', ' ')} cannot become ${to.replace('_', ' ')}.`);
      patch.status = to;
      await refreshEvidence(trx, patch, dispute);
      if (to === 'under_review') patch.submitted_at = now;
      if (DISPUTE_CLOSED_STATUSES.includes(to)) patch.outcome_at = now;
      events.push(disputeEvent({ id, order_id: (patch.order_id as number) ?? dispute.order_id }, dispute.status, to));
    }
    if (!Object.keys(patch).length) return;
    await updateDispute(trx, id, { ...patch, updated_at: now });
    await recordAudit(trx, member, events);
  });
  await announce(app);
}

/**
 * On a status change (an answer sent, an outcome come), the dispute's evidence takes what its order's records
 * give by then: the report reads what the desk had when it answered, and a download or document recorded after
 * the dispute opened counts from then on.
 */
async function refreshEvidence(
  trx: Knex.Transaction,
  patch: Record<string, unknown>,
  dispute: { order_id: number | null; evidence: string },
) {
  const orderId = (patch.order_id as number | undefined) ?? dispute.order_id;
  const order = orderId ? await findDisputeOrder(trx, Number(orderId)) : undefined;
  if (order)
    patch.evidence = evidenceList([...evidenceItems((patch.evidence as string) ?? dispute.evidence), ...order.items]);
}

/** A dispute as stored, or 404. */
async function disputeOr404(app: FastifyInstance, id: number) {
  const dispute = await findDispute(app.db, id);
  if (!dispute) throw notFound('Dispute not found.');
  return dispute;
}

/** The evidence a dispute has: its checklist, the CE 3.0 / First-Party Trust verdict with the earlier orders. */
export async function disputeEvidence(app: FastifyInstance, member: Member, id: number) {
  const dispute = await disputeOr404(app, id);
  const [evidence, added] = await Promise.all([
    dispute.order_id ? orderEvidence(app, member, Number(dispute.order_id)) : Promise.resolve(undefined),
    evidenceItemsOf(app.db, id),
  ]);
  const fileUrl = (item: { id: number }) => `/api/disputes/${id}/evidence-items/${item.id}/file`;
  return {
    disputeId: Number(dispute.id),
    orderId: dispute.order_id == null ? null : Number(dispute.order_id),
    reasonCategory: dispute.reason_category,
    pack: defencePackFor(dispute.reason_category as DisputeCategory),
    checklist: checklistOf(dispute, evidence, added),
    ce3: evidence
      ? {
          programme: dispute.network === 'mastercard' ? 'mastercard_first_party_trust' : 'visa_ce3',
          qualifies: evidence.ce3.qualifies,
          pair: evidence.ce3.pair,
          elements: evidence.ce3.elements,
          priors: priorOrdersOf(evidence),
        }
      : null,
    stripe: stripeEvidence(evidence, added, fileUrl),
  };
}

export interface EvidenceInput {
  item: EvidenceItem;
  text?: string | null;
  file?: { filename: string; bytes: Buffer } | null;
}

/** Adds an item a person found (a text, a file, or both): a file is checked by its bytes, as documents are. */
export async function addEvidenceItem(app: FastifyInstance, member: Member, id: number, input: EvidenceInput) {
  const dispute = await disputeOr404(app, id);
  if (DISPUTE_CLOSED_STATUSES.includes(dispute.status as DisputeStatus))
    throw conflict(`Dispute ${id} is ${dispute.status}: its evidence can no longer change.`);
  const text = input.text?.trim() || null;
  if (!text && !input.file) throw badRequest('text: write the evidence or attach a file.');
  let stored: { key: string; name: string; mime: string } | null = null;
  if (input.file) {
    const name = checkOriginalName(input.file.filename);
    const { mime, extension } = await inspectDocument(input.file.bytes);
    const key = app.storage.newKey('disputes', extension);
    await app.storage.write(key, input.file.bytes);
    stored = { key, name, mime };
  }
  try {
    return await withTransactionRetry(app.db, async (trx) => {
      // Locked: two items added at once both reach the dispute's list.
      const locked = (await lockDispute(trx, id))!;
      await updateDispute(trx, id, { evidence: evidenceList([...evidenceItems(locked.evidence), input.item]) });
      const itemId = await insertEvidenceItem(trx, {
        dispute_id: id,
        item: input.item,
        text,
        file: stored?.key ?? null,
        original_name: stored?.name ?? null,
        mime_type: stored?.mime ?? null,
        added_by_id: member.id,
        added_by: member.name,
        created_at: stamp(app.clock.now()),
      });
      await recordAudit(trx, member, [
        {
          action: 'dispute-evidence',
          orderId: dispute.order_id,
          to: input.item,
          detail: JSON.stringify({ disputeId: id, itemId }),
        },
      ]);
      return itemId;
    });
  } catch (error) {
    if (stored) await app.storage.remove(stored.key);
    throw error;
  }
}

/** An added file's bytes, for a member who may read the dispute. */
export async function evidenceFile(app: FastifyInstance, id: number, itemId: number) {
  const item = await findEvidenceItem(app.db, id, itemId);
  const opened = item?.file ? await app.storage.open(item.file) : null;
  if (!item || !opened) throw notFound('Evidence file not found.');
  return { item, ...opened };
}

export { dueCount };

/**
 * The deadline pass, run by a timer in every process and safe to run in several at once: notifies the
 * Managers 5 and 2 days before a dispute's deadline (each notice claimed by one conditional update, so
 * sent once), and expires the disputes past their deadline with no answer. Reads only disputes due
 * within 5 days (index on status and due_by).
 */
export async function runDisputeDeadlines(app: FastifyInstance) {
  const now = app.clock.now();
  const nowText = stamp(now);
  // Days left count calendar days (UTC): a deadline any time on the fifth day from today is 5 days away.
  const horizon = stamp(
    dayjs
      .utc(now)
      .add(Math.max(...DISPUTE_NOTICE_DAYS), 'day')
      .endOf('day')
      .toDate(),
  );
  const result = { expired: 0, notices: 0 };
  for (const dispute of await dueBefore(app.db, horizon)) {
    await withTransactionRetry(app.db, async (trx) => {
      if (dispute.due_by < nowText) {
        if (!(await expireDispute(trx, dispute.id, nowText))) return;
        await recordAudit(trx, null, [disputeEvent(dispute, 'needs_response', 'expired')]);
        await notify(
          trx,
          { role: ['Admin', 'Manager'] },
          {
            kind: 'dispute.expired',
            title: `Dispute ${dispute.id} expired unanswered`,
            body: dispute.order_id ? `Order ${dispute.order_id}` : null,
            link: `/disputes/${dispute.id}/show`,
          },
          now,
        );
        result.expired++;
        return;
      }
      // The nearest notice due wins; a dispute opened with 1 day left gets the 2-day notice alone.
      const left = daysLeft(dispute.due_by, now);
      for (const days of [...DISPUTE_NOTICE_DAYS].sort((a, b) => a - b)) {
        if (left > days) continue;
        const claimed = await claimNotice(trx, dispute.id, `notice_${days}_at`, {
          ...Object.fromEntries(DISPUTE_NOTICE_DAYS.filter((d) => d >= days).map((d) => [`notice_${d}_at`, nowText])),
        });
        if (claimed) {
          await notify(
            trx,
            { role: 'Manager' },
            {
              kind: 'dispute.due',
              title: `Dispute ${dispute.id} is due in ${left} day${left === 1 ? '' : 's'}`,
              body: dispute.order_id
                ? `Order ${dispute.order_id}, due ${dispute.due_by} UTC`
                : `Due ${dispute.due_by} UTC`,
              link: `/disputes/${dispute.id}/show`,
            },
            now,
          );
          result.notices++;
        }
        break;
      }
    });
  }
  if (result.expired) await announce(app);
  return result;
}

const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);
/** A gateway's amount in the currency's smallest unit, in major units. */
export const majorUnits = (amount: number, currency: string) =>
  ZERO_DECIMAL.has(currency.toLowerCase()) ? amount : amount / 100;

/** A dispute as a gateway reports it, in this desk's terms. */
export interface GatewayDispute {
  provider: string;
  eventId: string;
  eventType: string;
  externalId: string;
  /** The ids of the payment it names (a charge, a payment intent): the order whose transaction_id is one of them. */
  paymentRefs: string[];
  network: DisputeNetwork;
  reasonCode: string;
  reasonCategory: DisputeCategory;
  amount: number;
  currency: string;
  openedAt: Date;
  dueBy: Date | null;
  status: DisputeStatus;
}

export type GatewayResult = 'duplicate' | 'opened' | 'unmatched' | 'updated' | 'unchanged';

/**
 * Applies a gateway's dispute event, once per event id (a replay changes nothing): a dispute not known
 * yet is opened on the order whose payment it names (moved to ChargeBack), or kept unmatched; a known
 * one takes the gateway's status, amount and deadline, the gateway being the judge of its outcome.
 */
export async function applyGatewayDispute(app: FastifyInstance, event: GatewayDispute): Promise<GatewayResult> {
  const actor = gatewayActor(event.provider);
  const result = await withTransactionRetry(app.db, async (trx): Promise<GatewayResult> => {
    const fresh = await noteWebhookEvent(trx, {
      provider: event.provider,
      eventId: event.eventId,
      type: event.eventType,
      receivedAt: stamp(app.clock.now()),
    });
    if (!fresh) return 'duplicate';
    const known = await findDisputeByExternalId(trx, event.externalId);
    if (!known) {
      const order = event.paymentRefs.length ? await findOrderByTransaction(trx, event.paymentRefs) : undefined;
      await openIn(trx, app, actor, {
        orderId: order ? Number(order.order_id) : null,
        gateway: event.provider === 'stripe' ? 'Stripe' : event.provider,
        network: event.network,
        reasonCode: event.reasonCode,
        reasonCategory: event.reasonCategory,
        amount: event.amount,
        currency: event.currency,
        dueBy: event.dueBy ? stamp(event.dueBy) : null,
        externalId: event.externalId,
        chargeRef: event.paymentRefs[0] ?? null,
        status: event.status,
        openedAt: event.openedAt,
      });
      return order ? 'opened' : 'unmatched';
    }
    const now = stamp(app.clock.now());
    const patch: Record<string, unknown> = { amount: event.amount, currency: event.currency };
    if (event.dueBy) patch.due_by = stamp(event.dueBy);
    const statusChanged = event.status !== known.status;
    if (statusChanged) {
      patch.status = event.status;
      await refreshEvidence(trx, patch, known);
      if (event.status === 'under_review' && !known.submitted_at) patch.submitted_at = now;
      if (DISPUTE_CLOSED_STATUSES.includes(event.status)) patch.outcome_at = now;
    }
    await updateDispute(trx, known.id, { ...patch, updated_at: now });
    if (statusChanged) await recordAudit(trx, actor, [disputeEvent(known, known.status, event.status)]);
    return statusChanged ? 'updated' : 'unchanged';
  });
  if (result !== 'duplicate') await announce(app);
  return result;
}

/** Percent of a month's orders disputed, by network, against each network's monitoring threshold. */
export async function disputeRate(app: FastifyInstance, month: string) {
  const start = dayjs.utc(`${month}-01`);
  const { byNetwork, orders } = await monthRate(
    app.dbRead,
    start.format(DB_DATETIME),
    start.endOf('month').format(DB_DATETIME),
  );
  const settings = new Map((await thresholdSettings(app.dbRead)).map((s) => [s.key, Number(s.value)]));
  const networks = DISPUTE_NETWORKS.map((network) => {
    const disputes = byNetwork.get(network) ?? 0;
    const threshold = settings.get(`disputes.threshold.${network}`) || DEFAULT_DISPUTE_THRESHOLDS[network];
    const rate = orders ? Math.round((disputes / orders) * 10_000) / 100 : 0;
    return {
      network,
      disputes,
      rate,
      threshold,
      near: rate >= threshold * DISPUTE_THRESHOLD_NEAR,
      over: rate >= threshold,
    };
  });
  const disputes = networks.reduce((n, r) => n + r.disputes, 0);
  return { month, orders, disputes, rate: orders ? Math.round((disputes / orders) * 10_000) / 100 : 0, networks };
}

export const REPORT_GROUPS = ['month', 'gateway', 'network', 'reasonCode', 'nationality', 'evidence'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export interface ReportRow {
  group: string;
  currency: string;
  opened: number;
  won: number;
  lost: number;
  expired: number;
  accepted: number;
  open: number;
  amount: number;
  amountLost: number;
  /** Won over decided (won, lost, expired), in whole percent; null while none is decided. */
  winRate: number | null;
}

/**
 * Disputes opened in the period (UTC days, both included) per group and currency (amounts are never
 * added across currencies): how many, how they ended, the amounts disputed and lost (lost, expired or
 * accepted), and the win rate. By evidence, a dispute counts under each item it had.
 */
export async function disputeReport(db: Knex, from: string, to: string, groupBy: ReportGroup): Promise<ReportRow[]> {
  if (!REPORT_GROUPS.includes(groupBy)) throw badRequest(`filter.groupBy is one of: ${REPORT_GROUPS.join(', ')}.`);
  const start = `${from} 00:00:00`;
  const end = `${to} 23:59:59`;
  // By evidence the database tallies the disputes per list of items; each list counts under each of its
  // items here (a dispute has each item once in its list).
  const tallies: ReportTally[] = (await tallyOpenedIn(db, start, end, groupBy)).flatMap((tally) =>
    groupBy === 'evidence'
      ? (evidenceItems(tally.grp).length ? evidenceItems(tally.grp) : ['none']).map((grp) => ({ ...tally, grp }))
      : [tally],
  );
  const rows = new Map<string, ReportRow>();
  for (const tally of tallies) {
    const id = `${tally.grp}\u0000${tally.currency}`;
    let row = rows.get(id);
    if (!row) {
      row = {
        group: tally.grp,
        currency: tally.currency,
        opened: 0,
        won: 0,
        lost: 0,
        expired: 0,
        accepted: 0,
        open: 0,
        amount: 0,
        amountLost: 0,
        winRate: null,
      };
      rows.set(id, row);
    }
    const [n, amount, status] = [Number(tally.n), Number(tally.amount), tally.status];
    row.opened += n;
    row.amount += amount;
    if (status === 'won' || status === 'lost' || status === 'expired' || status === 'accepted') row[status] += n;
    else row.open += n;
    if (status === 'lost' || status === 'expired' || status === 'accepted') row.amountLost += amount;
  }
  return [...rows.values()].map((row) => {
    const decided = row.won + row.lost + row.expired;
    return {
      ...row,
      amount: Math.round(row.amount * 100) / 100,
      amountLost: Math.round(row.amountLost * 100) / 100,
      winRate: decided ? Math.round((row.won / decided) * 100) : null,
    };
  });
}
