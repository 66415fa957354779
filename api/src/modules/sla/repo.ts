import type { Knex } from 'knex';
import { nowUtc, type RuleAction, type SlaClock, type SlaPolicyRecord, type SlaState } from '@app/domain';
import { insertOne } from '../../db/knex.js';

/** SLA policies (migration 027), the clocks orders keep and their breaches (migration 029), as stored. */

interface PolicyRow {
  id: number;
  name: string;
  position: number;
  policy_json: string;
}

/** A policy with its place among the others (lower first). */
export type StoredPolicy = SlaPolicyRecord & { position: number };
export type PolicyInput = Omit<SlaPolicyRecord, 'id'> & { position?: number };

const policyOf = (row: PolicyRow): StoredPolicy => ({
  id: Number(row.id),
  name: row.name,
  position: Number(row.position),
  ...(JSON.parse(row.policy_json) as Omit<SlaPolicyRecord, 'id' | 'name'>),
});

const policyRow = ({ name, position, ...policy }: PolicyInput) => ({
  name,
  ...(position === undefined ? {} : { position }),
  policy_json: JSON.stringify(policy),
});

/** SLA policies in the order they are tried: the first an order meets applies. */
export const findPolicies = async (db: Knex | Knex.Transaction): Promise<StoredPolicy[]> =>
  ((await db('sla_policies').orderBy(['position', 'id'])) as PolicyRow[]).map(policyOf);

export const findPolicy = async (db: Knex, id: number): Promise<StoredPolicy | undefined> => {
  const row = (await db('sla_policies').where({ id }).first()) as PolicyRow | undefined;
  return row && policyOf(row);
};

/** A new policy without a position is tried last. */
export async function insertPolicy(db: Knex, policy: PolicyInput) {
  const last = await db('sla_policies').max({ n: 'position' }).first();
  const position = policy.position ?? Number(last?.n ?? 0) + 1;
  return insertOne(db, 'sla_policies', {
    ...policyRow({ ...policy, position }),
    created_at: nowUtc(),
    updated_at: nowUtc(),
  });
}

export const updatePolicy = (db: Knex, id: number, policy: PolicyInput) =>
  db('sla_policies')
    .where({ id })
    .update({ ...policyRow(policy), updated_at: nowUtc() });

export const deletePolicy = (db: Knex, id: number) => db('sla_policies').where({ id }).del();

/** An order's row as the clock reads it (every column: a policy's conditions may name any). */
export type ClockedOrder = Record<string, unknown> & {
  order_id: number;
  process_status: string;
  assignee_id: number | null;
  paid_at: string | null;
  created_at: string;
  processing_date: string | null;
  status_entered_at: string | null;
  finished_at: string | null;
  sla_policy_id: number | null;
  sla_state: SlaState | null;
  sla_due_at: string | null;
  sla_used_minutes: number;
  sla_run_from: string | null;
  sla_next_at: string | null;
};

/** A stored UTC time (both databases answer 'YYYY-MM-DD HH:mm:ss' text) as a Date. */
export const timeOf = (stored: unknown): Date | null =>
  stored == null ? null : new Date(`${String(stored).slice(0, 19).replace(' ', 'T')}Z`);
const stored = (time: Date | null) => (time ? nowUtc(time) : null);

export const clockOf = (row: ClockedOrder): SlaClock => ({
  policyId: row.sla_policy_id == null ? null : Number(row.sla_policy_id),
  state: row.sla_state,
  usedMinutes: Number(row.sla_used_minutes ?? 0),
  runFrom: timeOf(row.sla_run_from),
  dueAt: timeOf(row.sla_due_at),
  nextAt: timeOf(row.sla_next_at),
});

/** A clock as the orders row stores it. */
export const clockColumns = (clock: SlaClock) => ({
  sla_policy_id: clock.policyId,
  sla_state: clock.state,
  sla_due_at: stored(clock.dueAt),
  sla_used_minutes: clock.usedMinutes,
  sla_run_from: stored(clock.runFrom),
  sla_next_at: stored(clock.nextAt),
});

/** Whether two clocks would be stored alike. */
export const sameClock = (a: SlaClock, b: SlaClock) =>
  JSON.stringify(clockColumns(a)) === JSON.stringify(clockColumns(b));

/** The orders' rows, locked until the caller's transaction ends when `lock` is set (the worker's step). */
export const findClockedOrders = async (trx: Knex.Transaction, ids: number[], lock = false) => {
  const q = trx('orders').whereIn('order_id', ids);
  return (await (lock ? q.forUpdate() : q)) as ClockedOrder[];
};

export const writeClock = (trx: Knex.Transaction, orderId: number, clock: SlaClock) =>
  trx('orders').where({ order_id: orderId }).update(clockColumns(clock));

/** Orders whose clock is due a step at `now` (the index on sla_next_at), the longest due first. */
export const findDueOrders = async (db: Knex, now: Date, limit: number): Promise<number[]> =>
  (
    await db('orders')
      .where('sla_next_at', '<=', nowUtc(now))
      .orderBy('sla_next_at')
      .orderBy('order_id')
      .limit(limit)
      .pluck('order_id')
  ).map(Number);

/**
 * Every clock still running, stopped or not started is read again at `now` (a policy changed: which one
 * applies, and its terms, may have); finished ones keep what they were held to.
 */
export const recheckOpenClocks = (db: Knex, now: Date) =>
  db('orders')
    .where((q) => q.whereIn('sla_state', ['ok', 'at_risk', 'paused']).orWhereNull('sla_state'))
    .update({ sla_next_at: nowUtc(now) });

export interface Breach {
  orderId: number;
  dueAt: Date;
  policyId: number;
  status: string;
  assigneeId: number | null;
  at: Date;
  /** The policy's breach actions, queued with the breach (none: nothing to apply). */
  actions?: RuleAction[];
}

/**
 * A breach, once per order and due time (the key): in the transaction of the step that found it, with its
 * actions queued, due at once.
 */
export const insertBreach = (trx: Knex.Transaction, breach: Breach) =>
  trx('sla_breaches')
    .insert({
      order_id: breach.orderId,
      due_at: nowUtc(breach.dueAt),
      policy_id: breach.policyId,
      status: breach.status,
      assignee_id: breach.assigneeId,
      breached_at: nowUtc(breach.at),
      ...(breach.actions?.length
        ? { actions_json: JSON.stringify(breach.actions), actions_due_at: nowUtc(breach.at) }
        : {}),
    })
    .onConflict(['order_id', 'due_at'])
    .ignore();

/** A breach whose actions are queued, as the worker reads it. */
export interface QueuedActions {
  orderId: number;
  dueAt: string;
  policyId: number | null;
  actions: RuleAction[];
  /** When they were due, as read: the mark of this attempt (another process that took them changed it). */
  actionsDueAt: string;
  attempts: number;
}

/** Breaches whose actions are due at `now` (the index on actions_due_at), the longest due first. */
export const findQueuedActions = async (db: Knex, now: Date, limit: number): Promise<QueuedActions[]> =>
  (
    await db('sla_breaches')
      .where('actions_due_at', '<=', nowUtc(now))
      .orderBy('actions_due_at')
      .limit(limit)
      .select('order_id', 'due_at', 'policy_id', 'actions_json', 'actions_due_at', 'action_attempts')
  ).map((row) => ({
    orderId: Number(row.order_id),
    dueAt: String(row.due_at).slice(0, 19),
    policyId: row.policy_id == null ? null : Number(row.policy_id),
    actions: JSON.parse(row.actions_json ?? '[]') as RuleAction[],
    actionsDueAt: String(row.actions_due_at).slice(0, 19),
    attempts: Number(row.action_attempts),
  }));

const stillQueued = (db: Knex | Knex.Transaction, queued: QueuedActions) =>
  db('sla_breaches').where({ order_id: queued.orderId, due_at: queued.dueAt, actions_due_at: queued.actionsDueAt });

/**
 * Takes queued actions in the transaction that applies them: answers false when another process took them
 * first. The row stays locked until the caller commits, so of processes at once one applies them (on
 * Galera the other loses certification, runs again, and finds them taken).
 */
export const takeQueuedActions = async (trx: Knex.Transaction, queued: QueuedActions) =>
  (await stillQueued(trx, queued).update({
    actions_due_at: null,
    action_attempts: queued.attempts + 1,
    error: null,
  })) === 1;

/** An attempt that failed: tried again at `retryAt` (null: given up), the error kept for the report. */
export const failedQueuedActions = (db: Knex, queued: QueuedActions, retryAt: Date | null, error: string) =>
  stillQueued(db, queued).update({
    actions_due_at: retryAt && nowUtc(retryAt),
    action_attempts: queued.attempts + 1,
    error: error.slice(0, 2000),
  });
