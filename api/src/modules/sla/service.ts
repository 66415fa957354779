import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import {
  checkSlaPolicy,
  DB_DATETIME,
  DEFAULT_PAUSE_STATUSES,
  dayjs,
  encodeId,
  passesConditions,
  slaStep,
  type ConfigurationProblem,
  type SlaPolicyRecord,
  type SlaState,
} from '@app/domain';
import { withTransactionRetry } from '../../db/retry.js';
import { HttpError, notFound } from '../../http.js';
import type { Member } from '../../types.js';
import { runActions } from '../automation/service.js';
import { notify } from '../notifications/service.js';
import { customFieldsOf, findCustomValues, keepOnOrderWrites, type CustomValuesRead } from '../orders/service.js';
import * as repo from './repo.js';
import {
  clockOf,
  sameClock,
  timeOf,
  type Breach,
  type ClockedOrder,
  type PolicyInput,
  type QueuedActions,
} from './repo.js';
import type { REPORT_GROUPS } from './schemas.js';

/** A policy refused, with every problem naming its field; answered 400. */
class PolicyRefused extends HttpError {
  constructor(problems: ConfigurationProblem[]) {
    super(400, problems.map((p) => `${p.path}: ${p.message}`).join(' '));
  }
}

type Json = Record<string, unknown>;

const policyInput = (app: FastifyInstance, body: Json): PolicyInput => {
  const problems = checkSlaPolicy(body, app.registry.orders!);
  if (problems.length) throw new PolicyRefused(problems);
  return {
    name: String(body.name).trim(),
    conditions: (body.conditions as Json | undefined) ?? {},
    targetMinutes: body.targetMinutes as number,
    warnAtPercent: (body.warnAtPercent as number | undefined) ?? 75,
    pauseStatuses: (body.pauseStatuses as SlaPolicyRecord['pauseStatuses'] | undefined) ?? [...DEFAULT_PAUSE_STATUSES],
    businessHours: body.businessHours as SlaPolicyRecord['businessHours'],
    holidays: (body.holidays as string[] | undefined) ?? [],
    breachActions: (body.breachActions as SlaPolicyRecord['breachActions'] | undefined) ?? [],
    position: body.position as number | undefined,
  };
};

/** The policies as clocks read them, kept a few seconds (a change of a policy in this process clears it). */
const POLICIES_KEPT_MS = 5000;
const policyCaches = new WeakMap<Knex, { at: number; policies: Promise<SlaPolicyRecord[]> }>();
function cachedPolicies({ db }: FastifyInstance, trx: Knex.Transaction) {
  const kept = policyCaches.get(db);
  if (kept && Date.now() - kept.at < POLICIES_KEPT_MS) return kept.policies;
  // Read in the caller's transaction: SQLite's one connection is the transaction's until it ends.
  const policies = repo.findPolicies(trx);
  policyCaches.set(db, { at: Date.now(), policies });
  policies.catch(() => policyCaches.delete(db));
  return policies;
}

/** A changed policy: this process reads the policies anew, and the worker reads every open clock again. */
async function policiesChanged(app: FastifyInstance) {
  policyCaches.delete(app.db);
  await repo.recheckOpenClocks(app.db, app.clock.now());
}

export const listPolicies = (app: FastifyInstance) => repo.findPolicies(app.db);

export async function getPolicy(app: FastifyInstance, id: number) {
  const policy = await repo.findPolicy(app.db, id);
  if (!policy) throw notFound('Record not found.');
  return policy;
}

export async function createPolicy(app: FastifyInstance, body: Json) {
  const id = await repo.insertPolicy(app.db, policyInput(app, body));
  await policiesChanged(app);
  return getPolicy(app, id);
}

export async function updatePolicy(app: FastifyInstance, id: number, body: Json) {
  await getPolicy(app, id);
  await repo.updatePolicy(app.db, id, policyInput(app, body));
  await policiesChanged(app);
  return getPolicy(app, id);
}

export async function deletePolicy(app: FastifyInstance, id: number) {
  const policy = await getPolicy(app, id);
  await repo.deletePolicy(app.db, id);
  await policiesChanged(app);
  return policy;
}

/**
 * The policy an order meets first, with its custom values (`values`, else read here) when a policy's conditions
 * may need them.
 */
async function policiesOf(
  app: FastifyInstance,
  trx: Knex.Transaction,
  rows: ClockedOrder[],
  values: CustomValuesRead = () =>
    findCustomValues(
      trx,
      rows.map((r) => Number(r.order_id)),
      customFieldsOf(app.registry.orders),
    ),
) {
  const policies = await cachedPolicies(app, trx);
  const orders = app.registry.orders!;
  const valuesOf = policies.some((p) => Object.keys(p.conditions).length) ? await values() : new Map();
  return new Map(
    rows.map((row) => {
      const record = { ...row, ...valuesOf.get(Number(row.order_id)) };
      return [Number(row.order_id), policies.find((p) => passesConditions(p.conditions, orders, record)) ?? null];
    }),
  );
}

/**
 * When an order's clock starts: its payment (else its creation), or the start of its processing date when the
 * customer chose a later day (a Future order is not worked before that day, so it cannot be late before it).
 */
function clockStartOf(row: ClockedOrder): Date {
  const paid = timeOf(row.paid_at ?? row.created_at)!;
  const day = row.processing_date ? timeOf(`${row.processing_date} 00:00:00`) : null;
  return day && day > paid ? day : paid;
}

/** The clock of an order at `at` under its policy (advance: the worker's step). */
function stepOf(row: ClockedOrder, policy: SlaPolicyRecord | null, at: Date, advance: boolean) {
  return slaStep(
    clockOf(row),
    policy,
    {
      status: row.process_status,
      startedAt: clockStartOf(row),
      enteredAt: timeOf(row.status_entered_at),
      finishedAt: timeOf(row.finished_at),
    },
    at,
    advance,
  );
}

/**
 * The one place an order's change reaches its SLA clock, in the change's transaction, from the rows as the
 * change writes them: the clock stops in a pause status or when the work is done, starts again when it leaves,
 * and follows the policy the order now meets. Answers the clock's columns of the orders whose clock moved (the
 * change writes them with the row).
 */
async function keepClocks(app: FastifyInstance, trx: Knex.Transaction, rows: ClockedOrder[], values: CustomValuesRead) {
  const now = app.clock.now();
  const policies = await policiesOf(app, trx, rows, values);
  const clocks = new Map<number, Record<string, unknown>>();
  for (const row of rows) {
    const next = stepOf(row, policies.get(Number(row.order_id)) ?? null, now, false);
    if (!sameClock(clockOf(row), next)) clocks.set(Number(row.order_id), repo.clockColumns(next));
    // Done late: the breach counts in the report, though its actions are for orders still to work.
    if (next.state === 'breached' && row.sla_state !== 'breached' && next.dueAt)
      await repo.insertBreach(trx, breachOf(row, next.policyId!, next.dueAt, now));
  }
  return clocks;
}

const breachOf = (row: ClockedOrder, policyId: number, dueAt: Date, at: Date): Breach => ({
  orderId: Number(row.order_id),
  dueAt,
  policyId,
  status: row.process_status,
  assigneeId: row.assignee_id == null ? null : Number(row.assignee_id),
  at,
});

/** Keeps every order change's SLA clock, from when the orders module serves the app's database. */
export const followOrderWrites = (app: FastifyInstance) =>
  // Whole rows (the change locks them whole): they carry the clock's columns.
  keepOnOrderWrites(app, (trx, orders, values) => keepClocks(app, trx, orders as unknown as ClockedOrder[], values));

/** A policy's breach actions act in its name, with an Admin's reach (the order rules still refuse what no one may do). */
const policyActor = (policyName: string): Member => ({
  id: 0,
  name: `SLA: ${policyName}`.slice(0, 100),
  email: '',
  type: 'Admin',
});

interface Step {
  row: ClockedOrder;
  policy: SlaPolicyRecord | null;
  state: SlaState | null;
}

/**
 * One worker step of one order, locked: its clock read again and moved on. An order another process
 * stepped meanwhile is no longer due, and is left. A breach is kept in the same transaction.
 */
async function stepDue(app: FastifyInstance, orderId: number, now: Date): Promise<Step | null> {
  return withTransactionRetry(app.db, async (trx) => {
    const [row] = await repo.findClockedOrders(trx, [orderId], true);
    const due = row && timeOf(row.sla_next_at);
    if (!row || !due || due > now) return null;
    const policy = (await policiesOf(app, trx, [row])).get(orderId) ?? null;
    const next = stepOf(row, policy, now, true);
    await repo.writeClock(trx, orderId, next);
    const breach =
      next.state === 'breached' && row.sla_state !== 'breached' && next.dueAt
        ? { ...breachOf(row, next.policyId!, next.dueAt, now), actions: policy?.breachActions }
        : undefined;
    if (breach) await repo.insertBreach(trx, breach);
    return { row, policy, state: next.state };
  });
}

const NOTICES: Partial<Record<SlaState, (id: number, policy: string) => string>> = {
  at_risk: (id, policy) => `Order ${id} is at risk of missing its SLA (${policy}).`,
  breached: (id, policy) => `Order ${id} has breached its SLA (${policy}).`,
};

/** What a step that moved the state on does once committed: the assignee is told (a breach's actions are queued). */
async function afterStep(app: FastifyInstance, { row, policy, state }: Step) {
  const notice = state && NOTICES[state];
  if (!policy || !notice || state === row.sla_state || row.assignee_id == null) return;
  const orderId = Number(row.order_id);
  await notify(
    app.db,
    [Number(row.assignee_id)],
    { kind: `sla.${state}`, title: notice(orderId, policy.name), link: `/view-order/${encodeId(orderId)}` },
    app.clock.now(),
  );
}

/** Attempts at a breach's actions, the first at once, then after 1, 2, 4 ... 64 minutes (about two hours in all). */
const ACTION_ATTEMPTS = 8;
const retryAfterMinutes = (attempt: number) => 2 ** (attempt - 1);

class TakenElsewhere extends Error {}

/**
 * Applies a breach's queued actions as one change, taking them in the same transaction: applied exactly
 * once, whichever process gets there first, and not lost by a process that dies on the way (the next pass
 * finds them still queued). A failure (nobody on shift to assign to, an order rule refusing) is tried
 * again later: answers whether they were applied.
 */
async function applyQueuedActions(app: FastifyInstance, queued: QueuedActions, policies: SlaPolicyRecord[]) {
  const policy = policies.find((p) => p.id === queued.policyId);
  const actor = policyActor(policy?.name ?? `policy ${queued.policyId ?? ''}`.trim());
  try {
    await runActions(app, queued.orderId, queued.actions, {
      actor,
      cause: { depth: 1 },
      first: async (trx) => {
        if (!(await repo.takeQueuedActions(trx, queued))) throw new TakenElsewhere();
      },
    });
    return true;
  } catch (error) {
    if (error instanceof TakenElsewhere) return false;
    const attempt = queued.attempts + 1;
    const retryAt =
      attempt < ACTION_ATTEMPTS ? dayjs.utc(app.clock.now()).add(retryAfterMinutes(attempt), 'minute').toDate() : null;
    await repo.failedQueuedActions(app.db, queued, retryAt, error instanceof Error ? error.message : String(error));
    return false;
  }
}

/** Orders stepped per batch, and batches per pass at most: a pass after a large import goes on at the next. */
const DUE_BATCH = 200;
const BATCHES_PER_PASS = 25;

/**
 * One pass of the SLA worker (a minute apart; tests call it): every order due by its next check (a new
 * order, or a clock reaching at risk or its due time) is stepped, exactly once whichever process gets
 * there first. Answers how many orders it stepped.
 */
export async function runDueClocks(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  let stepped = 0;
  for (let batch = 0; batch < BATCHES_PER_PASS; batch++) {
    const due = await repo.findDueOrders(app.db, now, DUE_BATCH);
    for (const orderId of due) {
      const step = await stepDue(app, orderId, now);
      if (!step) continue;
      stepped++;
      await afterStep(app, step);
    }
    if (due.length < DUE_BATCH) break;
  }
  // The breaches' actions queued so far (this pass's, and those a failure or a process gone left).
  const queued = await repo.findQueuedActions(app.db, now, DUE_BATCH);
  if (queued.length) {
    const policies = await repo.findPolicies(app.db);
    for (const breach of queued) await applyQueuedActions(app, breach, policies);
  }
  return stepped;
}

type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The Monday (UTC) of a day's week. */
const weekOf = (day: string) => {
  const date = dayjs.utc(day);
  return date.subtract((date.day() + 6) % 7, 'day').format('YYYY-MM-DD');
};

/**
 * Breaches and time to finish per queue (the order's processing mode: the queue it came in by), member
 * (who held it at the breach, and when it was finished) or week (Monday to Sunday, UTC), over days
 * `from` to `to`: breaches by when they happened, finished orders by when their work was done.
 */
export async function slaReport(db: Knex, { from, to, by }: { from: string; to: string; by: ReportGroup }) {
  const [start, end] = [dayjs.utc(from).format(DB_DATETIME), dayjs.utc(to).add(1, 'day').format(DB_DATETIME)];
  const key = (column: { queue: string; member: string; week: string }) => db.raw(`${column[by]} as group_key`);
  const breaches: Array<{ group_key: unknown; n: number | string }> = await db('sla_breaches as b')
    .join('orders as o', 'o.order_id', 'b.order_id')
    .where('b.breached_at', '>=', start)
    .where('b.breached_at', '<', end)
    .select(key({ queue: 'o.processing_mode', member: 'b.assignee_id', week: 'DATE(b.breached_at)' }))
    .count({ n: '*' })
    .groupBy('group_key');
  const finished: Array<{
    group_key: unknown;
    n: number | string;
    late: number | string;
    total: unknown;
    timed: unknown;
  }> = await db('orders as o')
    .where('o.finished_at', '>=', start)
    .where('o.finished_at', '<', end)
    .whereIn('o.sla_state', ['met', 'breached'])
    .select(
      key({ queue: 'o.processing_mode', member: 'o.assignee_id', week: 'DATE(o.finished_at)' }),
      db.raw("SUM(CASE WHEN o.sla_state = 'breached' THEN 1 ELSE 0 END) as late"),
      db.raw('SUM(o.work_minutes) as total'),
      db.raw('COUNT(o.work_minutes) as timed'),
    )
    .count({ n: '*' })
    .groupBy('group_key');
  const memberIds = [...breaches, ...finished].map((r) => r.group_key).filter((k) => k != null);
  const names = new Map<number, string>(
    by === 'member' && memberIds.length
      ? (await db('team_members').whereIn('id', memberIds.map(Number)).select('id', 'name')).map((m) => [
          Number(m.id),
          m.name,
        ])
      : [],
  );
  const groupOf = (value: unknown) => {
    if (by === 'week') return weekOf(String(value).slice(0, 10));
    if (by === 'member') return value == null ? 'Unassigned' : (names.get(Number(value)) ?? `Member ${String(value)}`);
    return String(value);
  };
  const rows = new Map<string, { breaches: number; finished: number; late: number; total: number; timed: number }>();
  const rowOf = (value: unknown) => {
    const group = groupOf(value);
    let row = rows.get(group);
    if (!row) rows.set(group, (row = { breaches: 0, finished: 0, late: 0, total: 0, timed: 0 }));
    return row;
  };
  for (const b of breaches) rowOf(b.group_key).breaches += Number(b.n);
  for (const f of finished) {
    const row = rowOf(f.group_key);
    row.finished += Number(f.n);
    row.late += Number(f.late);
    row.total += Number(f.total ?? 0);
    row.timed += Number(f.timed ?? 0);
  }
  return [...rows]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([group, row]) => ({
      id: group,
      group,
      breaches: row.breaches,
      finished: row.finished,
      finishedLate: row.late,
      averageFinishMinutes: row.timed ? Math.round(row.total / row.timed) : null,
    }));
}
