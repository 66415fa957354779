import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import {
  AUTOMATION_LIMITS,
  checkMacro,
  checkRule,
  conditionFieldsOf,
  dayjs,
  DB_DATETIME,
  nowUtc,
  passesConditions,
  type ConfigurationProblem,
  type MacroRecord,
  type Role,
  type RuleRecord,
  type RuleTrigger,
} from '@app/domain';
import { HttpError, forbidden, notFound } from '../../http.js';
import type { Member } from '../../types.js';
import {
  customFieldsOf,
  findCustomValues,
  listFilterConditions,
  type ChangeCause,
  type CommittedChange,
} from '../orders/service.js';
import { runActions } from './actions.js';
import * as repo from './repo.js';
import { isDuplicateFiring, takeFiring, type StoredRule } from './repo.js';

/** The one executor of actions, for what runs rule actions elsewhere (an SLA policy's breach actions). */
export { runActions };

/** A rule or macro refused, with every problem naming its field; answered 400. */
export class AutomationRefused extends HttpError {
  constructor(public readonly problems: ConfigurationProblem[]) {
    super(400, problems.map((p) => `${p.path}: ${p.message}`).join(' '));
  }
}

type Json = Record<string, unknown>;

const ruleInput = (app: FastifyInstance, body: Json): Omit<RuleRecord, 'id'> => {
  const problems = checkRule(body, app.registry.orders!);
  if (problems.length) throw new AutomationRefused(problems);
  return {
    name: String(body.name).trim(),
    enabled: body.enabled !== false,
    trigger: body.trigger as RuleTrigger,
    conditions: (body.conditions as Json | undefined) ?? {},
    actions: body.actions as RuleRecord['actions'],
    position: Number(body.position ?? 0),
  };
};

const macroInput = (app: FastifyInstance, body: Json): Omit<MacroRecord, 'id'> => {
  const problems = checkMacro(body, app.registry.orders!);
  if (problems.length) throw new AutomationRefused(problems);
  return {
    name: String(body.name).trim(),
    roles: body.roles as Role[],
    actions: body.actions as MacroRecord['actions'],
  };
};

const answerRule = ({ scannedUntil: _scanned, ...rule }: StoredRule): RuleRecord => rule;

/** The rules as event handling reads them, kept a few seconds (a change of a rule in this process clears it). */
const RULES_KEPT_MS = 5000;
const ruleCaches = new WeakMap<Knex, { at: number; rules: Promise<StoredRule[]> }>();
function cachedRules({ db }: FastifyInstance) {
  const kept = ruleCaches.get(db);
  if (kept && Date.now() - kept.at < RULES_KEPT_MS) return kept.rules;
  const rules = repo.findRules(db);
  ruleCaches.set(db, { at: Date.now(), rules });
  rules.catch(() => ruleCaches.delete(db));
  return rules;
}
const forgetRules = ({ db }: FastifyInstance) => ruleCaches.delete(db);

export const listRules = async (app: FastifyInstance) => (await repo.findRules(app.db)).map(answerRule);

export async function getRule(app: FastifyInstance, id: number) {
  const rule = await repo.findRule(app.db, id);
  if (!rule) throw notFound('Record not found.');
  return answerRule(rule);
}

export async function createRule(app: FastifyInstance, body: Json) {
  const id = await repo.insertRule(app.db, ruleInput(app, body));
  forgetRules(app);
  return getRule(app, id);
}

export async function updateRule(app: FastifyInstance, id: number, body: Json) {
  const before = await getRule(app, id);
  const rule = ruleInput(app, body);
  await repo.updateRule(app.db, id, rule, JSON.stringify(before.trigger) !== JSON.stringify(rule.trigger));
  forgetRules(app);
  return getRule(app, id);
}

export async function deleteRule(app: FastifyInstance, id: number) {
  const rule = await getRule(app, id);
  await repo.deleteRule(app.db, id);
  forgetRules(app);
  return rule;
}

export const listMacros = (app: FastifyInstance) => repo.findMacros(app.db);

export async function getMacro(app: FastifyInstance, id: number) {
  const macro = await repo.findMacro(app.db, id);
  if (!macro) throw notFound('Record not found.');
  return macro;
}

export const createMacro = async (app: FastifyInstance, body: Json) =>
  getMacro(app, await repo.insertMacro(app.db, macroInput(app, body)));

export async function updateMacro(app: FastifyInstance, id: number, body: Json) {
  await getMacro(app, id);
  await repo.updateMacro(app.db, id, macroInput(app, body));
  return getMacro(app, id);
}

export async function deleteMacro(app: FastifyInstance, id: number) {
  const macro = await getMacro(app, id);
  await repo.deleteMacro(app.db, id);
  return macro;
}

/** The macros a role may run, by name. */
export const macrosFor = async (app: FastifyInstance, role: Role) =>
  (await repo.findMacros(app.db)).filter((m) => m.roles.includes(role)).map(({ id, name }) => ({ id, name }));

export async function listRuns(
  app: FastifyInstance,
  filter: { rule?: number; order?: number },
  range: [number, number],
) {
  const { rows, total } = await repo.findRuns(app.db, filter, range);
  return { records: rows.map(repo.runRecordOf), total };
}

export async function getRun(app: FastifyInstance, id: number) {
  const row = await app.db('automation_runs').where({ id }).first();
  if (!row) throw notFound('Record not found.');
  return repo.runRecordOf(row);
}

/** A rule acts in its own name, with an Admin's reach (the order rules still refuse what no one may do). */
const ruleActor = (rule: RuleRecord): Member => ({
  id: 0,
  name: `Rule: ${rule.name}`.slice(0, 100),
  email: '',
  type: 'Admin',
});

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A macro clicked on an order: its actions as one change, on the version the member saw. */
export async function runMacro(
  app: FastifyInstance,
  member: Member,
  orderId: number,
  macroId: number,
  version: number,
) {
  const macro = await getMacro(app, macroId);
  if (!macro.roles.includes(member.type)) throw forbidden(`Your role may not run the macro ${macro.name}.`);
  const actions = await runActions(app, orderId, macro.actions, {
    actor: member,
    cause: { macro: macro.id, depth: 0 },
    seenVersion: version,
  });
  await repo.insertRun(app.db, { macroId: macro.id, orderId, at: app.clock.now(), actions });
  return actions;
}

/** Whether a committed change is the event a rule waits for. */
function triggered(trigger: RuleTrigger, change: CommittedChange): boolean {
  if (trigger.type !== 'event') return false;
  const { before, after, events } = change;
  switch (trigger.event) {
    case 'order.moved':
      return before.process_status !== after.process_status && (!trigger.to || after.process_status === trigger.to);
    case 'order.assigned':
      return after.assignee_id != null && Number(after.assignee_id) !== Number(before.assignee_id ?? 0);
    case 'comment.added':
      return events.some((e) => e.action === 'comment');
    case 'document.uploaded':
      return events.some((e) => e.action === 'upload');
    case 'field.changed':
      return events.some(
        (e) =>
          e.action === 'field' && (!trigger.field || (JSON.parse(e.detail ?? '{}') as Json).field === trigger.field),
      );
    // Orders arrive and bounces are recorded outside the change path: nothing announces them to rules yet.
    case 'order.created':
    case 'mail.bounced':
      return false;
  }
}

/** An order's row with its custom values, as conditions read it. */
async function conditionRecord(app: FastifyInstance, orderId: number) {
  const [row] = await app.db('orders').where({ order_id: orderId });
  if (!row) return undefined;
  const values = await findCustomValues(app.db, [orderId], customFieldsOf(app.registry.orders));
  return { ...row, ...values.get(orderId) } as Json;
}

/** A stored time as written (both databases answer 'YYYY-MM-DD HH:mm:ss' text). */
const storedTime = (value: unknown) => String(value).slice(0, 19);

/** The entry of an order into a status a time rule fires on. */
interface Entry {
  status: string;
  enteredAt: string;
}

class StaleFiring extends Error {}

/**
 * Fires a rule on an order and logs the run; a failure is logged there, and the order stays as it was.
 * A time rule's firing (`entry`) is taken in the same transaction, once per entry: another process that
 * took it first, or an order that left the status meanwhile, skips. Answers whether it fired.
 */
async function fire(app: FastifyInstance, rule: RuleRecord, orderId: number, depth: number, entry?: Entry) {
  const at = app.clock.now();
  const firing = entry && { ruleId: rule.id, orderId, enteredAt: entry.enteredAt };
  const takeEntry =
    firing &&
    (async (trx: Knex.Transaction) => {
      await takeFiring(trx, firing);
      const order = await trx('orders').where({ order_id: orderId }).first('process_status', 'status_entered_at');
      if (order?.process_status !== entry.status || storedTime(order.status_entered_at) !== entry.enteredAt)
        throw new StaleFiring();
    });
  try {
    const actions = await runActions(app, orderId, rule.actions, {
      actor: ruleActor(rule),
      cause: { rule: rule.id, depth },
      first: takeEntry,
    });
    await repo.insertRun(app.db, { ruleId: rule.id, orderId, at, actions });
    return true;
  } catch (error) {
    if (error instanceof StaleFiring || isDuplicateFiring(error)) return false;
    try {
      // Taken even though it failed: it is not tried again until the order enters the status again.
      if (firing) await takeFiring(app.db, firing);
    } catch (again) {
      if (isDuplicateFiring(again)) return false;
      throw again;
    }
    await repo.insertRun(app.db, { ruleId: rule.id, orderId, at, actions: [], error: errorText(error) });
    return true;
  }
}

/** Event rules on committed changes, in order of position; a rule never fires on its own change. */
async function onChanges(app: FastifyInstance, changes: CommittedChange[], cause: ChangeCause | undefined) {
  const depth = (cause?.depth ?? 0) + 1;
  const rules = (await cachedRules(app)).filter((r) => r.enabled && r.trigger.type === 'event' && r.id !== cause?.rule);
  for (const change of changes) {
    // Read once for the change's rules, when the first with conditions asks; each firing may change it.
    let record: Promise<Json | undefined> | undefined;
    const passes = async (rule: RuleRecord) => {
      if (!Object.keys(rule.conditions).length) return true;
      const order = await (record ??= conditionRecord(app, change.orderId));
      return !!order && passesConditions(rule.conditions, app.registry.orders!, order);
    };
    for (const rule of rules) {
      if (!triggered(rule.trigger, change) || !(await passes(rule))) continue;
      if (depth > AUTOMATION_LIMITS.chainSteps) {
        const error = `The chain of rules stopped after ${AUTOMATION_LIMITS.chainSteps} steps.`;
        await repo.insertRun(app.db, {
          ruleId: rule.id,
          orderId: change.orderId,
          at: app.clock.now(),
          actions: [],
          error,
        });
        continue;
      }
      if (await fire(app, rule, change.orderId, depth)) record = undefined;
    }
  }
}

/**
 * Follows the app's committed order changes. Event rules run in the background, one change after
 * another; `settled` waits for every run started so far (and those they start).
 */
export function followChanges(app: FastifyInstance) {
  let queue: Promise<void> = Promise.resolve();
  app.ordersService.followOrderChanges(app, (_member, changes, cause) => {
    queue = queue
      .then(() => onChanges(app, changes, cause))
      .catch((error: unknown) => app.log.error({ err: errorText(error) }, 'event rules failed'));
  });
  return {
    async settled() {
      for (let seen: Promise<void> | null = null; seen !== queue;) {
        seen = queue;
        await seen;
      }
    },
  };
}

/** Orders a time rule may fire on read per pass at most; a full batch goes on at the next pass. */
const TIME_BATCH = 500;
/** Entries stamped this long before a pass may still be committing: each pass looks that far back again. */
const COMMIT_MARGIN_MS = 2 * 60_000;

/** The orders a time rule is due on: in its status long enough, passing its conditions, not fired for this entry. */
function dueOrders(app: FastifyInstance, rule: StoredRule, dueBefore: string) {
  const trigger = rule.trigger as Extract<RuleTrigger, { type: 'time' }>;
  const q = app
    .db('orders')
    .where('orders.process_status', trigger.status)
    .where('orders.status_entered_at', '<=', dueBefore)
    .whereNotExists((sub) =>
      sub
        .select(app.db.raw('1'))
        .from('rule_firings as f')
        .where('f.rule_id', rule.id)
        .whereRaw('f.order_id = orders.order_id')
        .whereRaw('f.entered_at = orders.status_entered_at'),
    );
  if (rule.scannedUntil) {
    const from = dayjs.utc(rule.scannedUntil).subtract(COMMIT_MARGIN_MS, 'millisecond').format(DB_DATETIME);
    q.where('orders.status_entered_at', '>', from);
  }
  for (const condition of listFilterConditions(rule.conditions, conditionFieldsOf(app.registry.orders!))) condition(q);
  return q;
}

/**
 * One pass of the time rules (the worker runs one a minute; tests call it): each enabled time rule fires
 * on the orders due, once per order and entry into the status, whichever process gets there first.
 * Answers how many firings this pass made.
 */
export async function runDueRules(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  let fired = 0;
  const rules = (await repo.findRules(app.db)).filter((r) => r.enabled && r.trigger.type === 'time');
  for (const rule of rules) {
    const trigger = rule.trigger as Extract<RuleTrigger, { type: 'time' }>;
    const dueBefore = nowUtc(new Date(now.getTime() - trigger.afterMinutes * 60_000));
    const due: Array<{ order_id: number; status_entered_at: string }> = await dueOrders(app, rule, dueBefore)
      .orderBy(['orders.status_entered_at', 'orders.order_id'])
      .limit(TIME_BATCH)
      .select('orders.order_id', 'orders.status_entered_at');
    for (const order of due) {
      const entry = { status: trigger.status, enteredAt: storedTime(order.status_entered_at) };
      if (await fire(app, rule, Number(order.order_id), 1, entry)) fired++;
    }
    const last = due.at(-1);
    // A full batch leaves orders due after its last one for the next pass.
    await repo.markScanned(
      app.db,
      rule.id,
      due.length < TIME_BATCH || !last ? dueBefore : storedTime(last.status_entered_at),
    );
  }
  return fired;
}

/** A rule's dry run: the orders it would touch now (a time rule: those due), and the first 20 ids. */
export async function dryRun(app: FastifyInstance, body: Json) {
  const rule = { ...ruleInput(app, body), id: 0, scannedUntil: null };
  const orders = conditionFieldsOf(app.registry.orders!);
  let q: Knex.QueryBuilder;
  if (rule.trigger.type === 'time') {
    const dueBefore = nowUtc(new Date(app.clock.now().getTime() - rule.trigger.afterMinutes * 60_000));
    q = dueOrders(app, rule, dueBefore);
  } else {
    q = app.db('orders');
    for (const condition of listFilterConditions(rule.conditions, orders)) condition(q);
    if (rule.trigger.type === 'event' && rule.trigger.to) q.whereNot('orders.process_status', rule.trigger.to);
  }
  const [ids, counted] = await Promise.all([
    q.clone().orderBy('orders.order_id').limit(20).pluck('orders.order_id'),
    q.clone().count({ n: '*' }).first(),
  ]);
  return { count: Number(counted?.n ?? 0), ids: ids.map(Number) };
}
