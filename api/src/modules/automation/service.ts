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
import { dialectOf } from '../../db/knex.js';
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

/**
 * Orders that arrived before a rule on arrivals was saved are not its events: its first pass reads from
 * then (each pass reads from where the last stopped, less COMMIT_MARGIN_MS).
 */
const scanStartOf = (app: FastifyInstance, rule: Omit<RuleRecord, 'id'>) =>
  rule.trigger.type === 'event' && rule.trigger.event === 'order.created'
    ? nowUtc(new Date(app.clock.now().getTime() + COMMIT_MARGIN_MS))
    : null;

export async function createRule(app: FastifyInstance, body: Json) {
  const rule = ruleInput(app, body);
  const id = await repo.insertRule(app.db, rule, scanStartOf(app, rule));
  forgetRules(app);
  return getRule(app, id);
}

export async function updateRule(app: FastifyInstance, id: number, body: Json) {
  const before = await getRule(app, id);
  const rule = ruleInput(app, body);
  const changed = JSON.stringify(before.trigger) !== JSON.stringify(rule.trigger);
  await repo.updateRule(app.db, id, rule, changed ? scanStartOf(app, rule) : undefined);
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

type EventTrigger = Extract<RuleTrigger, { type: 'event' }>;

/** Whether a committed change is the event a rule waits for. */
function triggered(trigger: EventTrigger, change: CommittedChange): boolean {
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
    // Raised apart: an order arriving by the time pass (orders are written by the sales sites), a bounce
    // by the delivery webhooks.
    case 'order.created':
    case 'mail.bounced':
      return false;
  }
}

/** Something that happened to an order, as event rules see it. */
interface OrderEvent {
  orderId: number;
  raises(trigger: EventTrigger): boolean;
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
const minutesBefore = (now: Date, minutes: number) => nowUtc(new Date(now.getTime() - minutes * 60_000));

/**
 * What makes a timed firing once: its time (the order's entry into the status, the field's value, the
 * order's creation), kept in rule_firings, and whether, in the firing's transaction, the order still is
 * as the pass found it.
 */
interface Occasion {
  orderId: number;
  at: string;
  stillDue?: (trx: Knex.Transaction) => Promise<boolean>;
}

class StaleFiring extends Error {}

/**
 * Fires a rule on an order and logs the run; a failure is logged there, and the order stays as it was.
 * A timed firing (`occasion`) is taken in the same transaction, once per occasion: another process that
 * took it first, or an order no longer as found, skips. Answers whether it fired.
 */
async function fire(app: FastifyInstance, rule: RuleRecord, orderId: number, depth: number, occasion?: Occasion) {
  const at = app.clock.now();
  const firing = occasion && { ruleId: rule.id, orderId, enteredAt: occasion.at };
  const takeOccasion =
    firing &&
    (async (trx: Knex.Transaction) => {
      await takeFiring(trx, firing);
      if (occasion.stillDue && !(await occasion.stillDue(trx))) throw new StaleFiring();
    });
  try {
    await runActions(app, orderId, rule.actions, {
      actor: ruleActor(rule),
      cause: { rule: rule.id, depth },
      first: takeOccasion,
      last: (trx, actions) => repo.insertRun(trx, { ruleId: rule.id, orderId, at, actions }),
    });
    return true;
  } catch (error) {
    if (error instanceof StaleFiring || isDuplicateFiring(error)) return false;
    try {
      // Taken even though it failed: it is not tried again for the same occasion.
      if (firing) await takeFiring(app.db, firing);
    } catch (again) {
      if (isDuplicateFiring(again)) return false;
      throw again;
    }
    await repo.insertRun(app.db, { ruleId: rule.id, orderId, at, actions: [], error: errorText(error) });
    return true;
  }
}

/** Event rules on what happened to orders, in order of position; a rule never fires on its own change. */
async function onOrderEvents(app: FastifyInstance, happened: OrderEvent[], cause: ChangeCause | undefined) {
  const depth = (cause?.depth ?? 0) + 1;
  const rules = (await cachedRules(app)).filter((r) => r.enabled && r.trigger.type === 'event' && r.id !== cause?.rule);
  for (const event of happened) {
    // Read once for the event's rules, when the first with conditions asks; each firing may change it.
    let record: Promise<Json | undefined> | undefined;
    const passes = async (rule: RuleRecord) => {
      if (!Object.keys(rule.conditions).length) return true;
      const order = await (record ??= conditionRecord(app, event.orderId));
      return !!order && passesConditions(rule.conditions, app.registry.orders!, order);
    };
    for (const rule of rules) {
      if (!event.raises(rule.trigger as EventTrigger) || !(await passes(rule))) continue;
      if (depth > AUTOMATION_LIMITS.chainSteps) {
        const error = `The chain of rules stopped after ${AUTOMATION_LIMITS.chainSteps} steps.`;
        await repo.insertRun(app.db, {
          ruleId: rule.id,
          orderId: event.orderId,
          at: app.clock.now(),
          actions: [],
          error,
        });
        continue;
      }
      if (await fire(app, rule, event.orderId, depth)) record = undefined;
    }
  }
}

/**
 * Follows the app's committed order changes and mail bounces. Event rules run in the background, one
 * event after another; `settled` waits for every run started so far (and those they start).
 */
export function followChanges(app: FastifyInstance) {
  let queue: Promise<void> = Promise.resolve();
  const follow = (happened: OrderEvent[], cause?: ChangeCause) => {
    queue = queue
      .then(() => onOrderEvents(app, happened, cause))
      .catch((error: unknown) => app.log.error({ err: errorText(error) }, 'event rules failed'));
  };
  app.ordersService.followOrderChanges(app, (_member, changes, cause) =>
    follow(
      changes.map((change) => ({ orderId: change.orderId, raises: (trigger) => triggered(trigger, change) })),
      cause,
    ),
  );
  app.webhooksService.followMailBounces(app, (bounces) =>
    follow(bounces.map(({ orderId }) => ({ orderId, raises: (trigger) => trigger.event === 'mail.bounced' }))),
  );
  return {
    async settled() {
      for (let seen: Promise<void> | null = null; seen !== queue;) {
        seen = queue;
        await seen;
      }
    },
  };
}

/** Orders a timed rule may fire on read per pass at most; a full batch goes on at the next pass. */
const TIME_BATCH = 500;
/** Times stamped this long before a pass may still be committing: each pass looks that far back again. */
const COMMIT_MARGIN_MS = 2 * 60_000;
const lessMargin = (time: string) => dayjs.utc(time).subtract(COMMIT_MARGIN_MS, 'millisecond').format(DB_DATETIME);

/** Not fired yet for the occasion whose time is `at` (a column of the outer query). */
const notFired = (app: FastifyInstance, rule: RuleRecord, at: string) => (q: Knex.QueryBuilder) =>
  q.whereNotExists((sub) =>
    sub
      .select(app.db.raw('1'))
      .from('rule_firings as f')
      .where('f.rule_id', rule.id)
      .whereRaw('f.order_id = orders.order_id')
      .whereRaw('f.entered_at = ??', [at]),
  );

const withConditions = (app: FastifyInstance, rule: RuleRecord) => (q: Knex.QueryBuilder) => {
  for (const condition of listFilterConditions(rule.conditions, conditionFieldsOf(app.registry.orders!))) condition(q);
  return q;
};

/**
 * The orders a status rule is due on: in its status long enough, passing its conditions, not fired for this
 * entry. An order the sales sites wrote has no status_entered_at: it entered its status when it was created,
 * and is read apart (`written`), by created_at on the same index (process_status, status_entered_at, created_at).
 */
function statusDue(app: FastifyInstance, rule: StoredRule, status: string, dueBefore: string, written = false) {
  const since = written ? 'orders.created_at' : 'orders.status_entered_at';
  const q = app.db('orders').where('orders.process_status', status);
  if (written) q.whereNull('orders.status_entered_at');
  q.where(since, '<=', dueBefore)
    .modify(notFired(app, rule, since))
    .modify(withConditions(app, rule));
  if (rule.scannedUntil) q.where(since, '>', lessMargin(rule.scannedUntil));
  return q;
}

/**
 * The orders a field rule is due on: a value of the field at or before `dueBefore`, passing the conditions,
 * not fired for this value. `values` narrows the field's rows read (on its value's or its change's index).
 */
function fieldDue(
  app: FastifyInstance,
  rule: StoredRule,
  field: string,
  dueBefore: string,
  values: (q: Knex.QueryBuilder) => void = () => undefined,
) {
  const due = app
    .db('order_values')
    .where('field_id', field)
    .where('value_text', '<=', dueBefore)
    .modify(values)
    .select('order_id as due_order', 'value_text as due_value')
    .as('v');
  return app
    .db('orders')
    .join(due, 'v.due_order', 'orders.order_id')
    .modify(notFired(app, rule, 'v.due_value'))
    .modify(withConditions(app, rule));
}

/** What one pass of a timed rule found: the occasions due, oldest first, and where the next pass starts. */
interface Pass {
  due: Occasion[];
  scannedUntil: string | null;
}

/** When an order entered its status: when it was created if nothing of this app moved it (a site wrote it). */
const enteredAt = (order: { status_entered_at?: unknown; created_at?: unknown }) =>
  storedTime(order.status_entered_at ?? order.created_at);

/**
 * Orders in the status long enough, from where the last pass stopped (less the margin): those moved into
 * it, and those written into it by the sales sites, each read in its index's order.
 */
async function statusPass(app: FastifyInstance, rule: StoredRule, status: string, dueBefore: string): Promise<Pass> {
  const read = async (written: boolean) => {
    const since = written ? 'orders.created_at' : 'orders.status_entered_at';
    const rows: Array<{ order_id: number; at: string }> = await statusDue(app, rule, status, dueBefore, written)
      .orderBy([since, 'orders.order_id'])
      .limit(TIME_BATCH)
      .select('orders.order_id', `${since} as at`);
    return rows.map((row) => ({ orderId: Number(row.order_id), at: storedTime(row.at) }));
  };
  const batches = [await read(false), await read(true)];
  const due = batches.flat().map(({ orderId, at }) => {
    const stillDue = async (trx: Knex.Transaction) => {
      const order = await trx('orders')
        .where({ order_id: orderId })
        .first('process_status', 'status_entered_at', 'created_at');
      return order?.process_status === status && enteredAt(order) === at;
    };
    return { orderId, at, stillDue };
  });
  // A full batch leaves orders due after its last one for the next pass.
  const stops = batches.map((batch) => (batch.length < TIME_BATCH ? dueBefore : batch.at(-1)!.at));
  return { due: due.sort((a, b) => (a.at < b.at ? -1 : 1)), scannedUntil: stops.sort()[0]! };
}

/**
 * Orders whose field's value is due: those whose value came due since the last pass (the value's index),
 * and those whose value was set since then to a time already due (the change's index). The value is the
 * occasion: set to another, the rule fires again once that one is due.
 */
async function fieldPass(
  app: FastifyInstance,
  rule: StoredRule,
  trigger: { field: string; afterMinutes: number },
  dueBefore: string,
): Promise<Pass> {
  const read = (values?: (q: Knex.QueryBuilder) => void) =>
    fieldDue(app, rule, trigger.field, dueBefore, values)
      .orderBy(['v.due_value', 'orders.order_id'])
      .limit(TIME_BATCH)
      .select('orders.order_id', 'v.due_value') as Promise<Array<{ order_id: number; due_value: string }>>;
  const since = rule.scannedUntil;
  const batches = since
    ? await Promise.all([
        read((q) => q.where('value_text', '>', lessMargin(since))),
        // The last pass ran afterMinutes after the time it scanned until.
        read((q) =>
          q.where('changed_at', '>', lessMargin(minutesBefore(dayjs.utc(since).toDate(), -trigger.afterMinutes))),
        ),
      ])
    : [await read()];
  const found = new Map(batches.flat().map((row) => [Number(row.order_id), String(row.due_value)]));
  const due = [...found].map(([orderId, at]) => {
    const stillDue = async (trx: Knex.Transaction) =>
      (await trx('order_values').where({ field_id: trigger.field, order_id: orderId }).first('value_text'))
        ?.value_text === at;
    return { orderId, at, stillDue };
  });
  // A full batch is read again at the next pass, less what this one fired.
  const full = batches.some((batch) => batch.length >= TIME_BATCH);
  return { due: due.sort((a, b) => (a.at < b.at ? -1 : 1)), scannedUntil: full ? since : dueBefore };
}

/**
 * Orders that arrived since the last pass (by their creation time: the sales sites write them, not
 * this app). A new rule starts from when it was saved.
 */
async function arrivalPass(app: FastifyInstance, rule: StoredRule, now: string): Promise<Pass> {
  const rows: Array<{ order_id: number; created_at: string }> = await app
    .db('orders')
    .where('orders.created_at', '>', lessMargin(rule.scannedUntil ?? now))
    .where('orders.created_at', '<=', now)
    .modify(notFired(app, rule, 'orders.created_at'))
    .modify(withConditions(app, rule))
    .orderBy(['orders.created_at', 'orders.order_id'])
    .limit(TIME_BATCH)
    .select('orders.order_id', 'orders.created_at');
  const due = rows.map((row) => ({ orderId: Number(row.order_id), at: storedTime(row.created_at) }));
  return { due, scannedUntil: due.length < TIME_BATCH ? now : due.at(-1)!.at };
}

function passOf(app: FastifyInstance, rule: StoredRule, now: Date): Promise<Pass> {
  const { trigger } = rule;
  if (trigger.type !== 'time') return arrivalPass(app, rule, nowUtc(now));
  const dueBefore = minutesBefore(now, trigger.afterMinutes);
  return 'field' in trigger
    ? fieldPass(app, rule, trigger, dueBefore)
    : statusPass(app, rule, trigger.status, dueBefore);
}

/**
 * Firings of a pass run this many at once, each in its own transaction on its own connection: half the
 * pool, the other half left to requests. SQLite has one writer: one at a time.
 */
function firingsAtOnce(db: Knex) {
  if (dialectOf(db) === 'sqlite') return 1;
  const pool = (db.client.config as Knex.Config).pool?.max ?? 1;
  return Math.max(1, Math.floor(pool / 2));
}

/**
 * Runs `work` on each item, `lanes` at a time; answers how many answered true. A failure stops the lanes
 * from taking more, and is thrown once those under way have ended.
 */
async function countInLanes<T>(items: T[], lanes: number, work: (item: T) => Promise<boolean>) {
  let next = 0;
  let count = 0;
  const failures: unknown[] = [];
  const lane = async () => {
    while (next < items.length && !failures.length) {
      const item = items[next++]!;
      try {
        if (await work(item)) count++;
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  if (failures.length) throw failures[0];
  return count;
}

/**
 * One pass of the timed rules (the worker runs one a minute; tests call it): each enabled time rule fires
 * on the orders due, and each order.created rule on the orders that arrived, once per order and occasion,
 * whichever process gets there first. A rule's firings are independent (each takes its own row of
 * rule_firings): they run a few at once. Answers how many firings this pass made.
 */
export async function runDueRules(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  const lanes = firingsAtOnce(app.db);
  let fired = 0;
  for (const rule of await repo.findTimedRules(app.db)) {
    const pass = await passOf(app, rule, now);
    fired += await countInLanes(pass.due, lanes, (occasion) => fire(app, rule, occasion.orderId, 1, occasion));
    await repo.markScanned(app.db, rule.id, pass.scannedUntil);
  }
  return fired;
}

/** A rule's dry run: the orders it would touch now (a time rule: those due), and the first 20 ids. */
export async function dryRun(app: FastifyInstance, body: Json) {
  const rule = { ...ruleInput(app, body), id: 0, scannedUntil: null };
  const { trigger } = rule;
  let queries: Knex.QueryBuilder[];
  if (trigger.type === 'time') {
    const dueBefore = minutesBefore(app.clock.now(), trigger.afterMinutes);
    queries =
      'field' in trigger
        ? [fieldDue(app, rule, trigger.field, dueBefore)]
        : [false, true].map((written) => statusDue(app, rule, trigger.status, dueBefore, written));
  } else {
    const q = app.db('orders').modify(withConditions(app, rule));
    if (trigger.to) q.whereNot('orders.process_status', trigger.to);
    queries = [q];
  }
  const found = await Promise.all(
    queries.map((q) =>
      Promise.all([
        q.clone().orderBy('orders.order_id').limit(20).pluck('orders.order_id'),
        q.clone().count({ n: '*' }).first(),
      ]),
    ),
  );
  const ids = found.flatMap(([first]) => first.map(Number)).sort((a, b) => a - b);
  return { count: found.reduce((n, [, counted]) => n + Number(counted?.n ?? 0), 0), ids: ids.slice(0, 20) };
}
