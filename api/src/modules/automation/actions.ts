import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import {
  customTypeOf,
  DEFAULT_PRESENT_MINUTES,
  encodeId,
  moveRefusal,
  nowUtc,
  WORK_DONE_STATUSES,
  type RuleAction,
} from '@app/domain';
import { withTransactionRetry } from '../../db/retry.js';
import { badRequest, conflict, notFound } from '../../http.js';
import type { Member } from '../../types.js';
import { queueTemplateMail } from '../mail/service.js';
import { notify } from '../notifications/service.js';
import {
  changeOrdersIn,
  checkGivenValue,
  seenVersions,
  type ChangeCause,
  type OrderChange,
  type ValueChange,
} from '../orders/service.js';
import type { AuditEvent } from '../audit/service.js';
import { insertCommentIn } from '../remarks/service.js';
import type { RunLog } from './repo.js';
import { queueWebhook } from './webhooks.js';

/**
 * The one executor of actions, shared by rules and macros: the actions of one firing or click are one
 * change of the order through the orders' change path (one version step, an audit event per action,
 * the live event), with what goes beside it (comments, mails, webhooks) in the same transaction. Any
 * action refused throws, and the whole firing rolls back: the order stays as it was.
 */

type Done = RunLog['actions'];
type Assignee = { id: number; name: string };

/** Members of `role` signed in within the last minutes, who hold fewer open orders than the cap. */
async function candidates(
  trx: Knex.Transaction,
  action: Extract<RuleAction, { strategy: string }>,
  now: Date,
): Promise<Array<Assignee & { open: number }>> {
  const since = nowUtc(new Date(now.getTime() - 60_000 * (action.presentMinutes ?? DEFAULT_PRESENT_MINUTES)));
  const members: Assignee[] = await trx('team_members')
    .where({ type: action.role })
    .where('last_login_at', '>=', since)
    .orderBy('id')
    .select('id', 'name');
  if (!members.length) return [];
  const counts: Array<{ assignee_id: number; n: number | string }> = await trx('orders')
    .whereIn(
      'assignee_id',
      members.map((m) => m.id),
    )
    .whereNotIn('process_status', [...WORK_DONE_STATUSES, 'Deleted'])
    .groupBy('assignee_id')
    .select('assignee_id')
    .count({ n: '*' });
  const open = new Map(counts.map((c) => [Number(c.assignee_id), Number(c.n)]));
  return members
    .map((m) => ({ id: Number(m.id), name: m.name, open: open.get(Number(m.id)) ?? 0 }))
    .filter((m) => action.cap === undefined || m.open < action.cap);
}

/**
 * Who an assign action gives the order to. Round robin goes on from the member its role's cursor last
 * picked (the cursor row is locked, so firings at once take turns); least loaded takes the member with
 * the fewest open orders (the first by id on a tie).
 */
async function assigneeOf(trx: Knex.Transaction, action: RuleAction & { type: 'assign' }, now: Date) {
  if ('member' in action) {
    const member = await trx('team_members').where({ id: action.member }).first('id', 'name');
    if (!member) throw notFound(`Member ${action.member} was not found.`);
    return { id: Number(member.id), name: member.name as string };
  }
  const key = `${action.strategy}:${action.role}`;
  const cursor =
    action.strategy === 'roundRobin'
      ? await trx('assign_cursors').where({ strategy_key: key }).forUpdate().first('member_id')
      : undefined;
  const eligible = await candidates(trx, action, now);
  if (!eligible.length) throw conflict(`No ${action.role} signed in lately has room for another order.`);
  if (action.strategy === 'leastLoaded') {
    const least = eligible.reduce((a, b) => (b.open < a.open ? b : a));
    return { id: least.id, name: least.name };
  }
  const next = eligible.find((m) => m.id > Number(cursor?.member_id ?? 0)) ?? eligible[0]!;
  await trx('assign_cursors')
    .insert({ strategy_key: key, member_id: next.id })
    .onConflict('strategy_key')
    .merge(['member_id']);
  return { id: next.id, name: next.name };
}

/** Folds the order actions into one change of the order, from its locked state; throws on a refusal. */
function orderChangeOf(
  app: FastifyInstance,
  actor: Member,
  actions: RuleAction[],
  assignees: Map<number, Assignee>,
  done: Done,
  given: Assignee[],
) {
  return (order: Parameters<Parameters<typeof changeOrdersIn>[3]>[0]): OrderChange | null => {
    // The order as the actions so far leave it: each action reads what the ones before it did.
    const state: Record<string, unknown> = { ...order };
    const events: Array<Omit<AuditEvent, 'orderId'>> = [];
    const values: ValueChange[] = [];
    const patch: Record<string, unknown> = {};
    const set = (changed: Record<string, unknown>) => {
      Object.assign(state, changed);
      Object.assign(patch, changed);
    };
    actions.forEach((action, i) => {
      switch (action.type) {
        case 'move': {
          if (state.process_status === action.status)
            return done.push({ type: 'move', done: false, note: 'already there' });
          const refusal = moveRefusal({ id: actor.id, type: actor.type }, { ...order, ...state }, action.status);
          if (refusal) throw conflict(refusal.message);
          events.push({ action: 'move', from: state.process_status as string, to: action.status });
          set({ process_status: action.status });
          return done.push({ type: 'move', done: true });
        }
        case 'assign': {
          if (state.process_status === 'Deleted') throw conflict(`Order ${order.order_id} is deleted.`);
          const member = assignees.get(i)!;
          if (Number(state.assignee_id) === member.id)
            return done.push({ type: 'assign', done: false, note: 'already theirs' });
          events.push({ action: 'assign', from: (state.assign_to as string | null) ?? null, to: member.name });
          set({ assignee_id: member.id, assign_to: member.name, assigned_at: nowUtc() });
          given.push(member);
          return done.push({ type: 'assign', done: true, note: member.name });
        }
        case 'unassign':
          if (state.assignee_id == null) return done.push({ type: 'unassign', done: false, note: 'not assigned' });
          events.push({ action: 'unassign', from: state.assign_to as string, to: null });
          set({ assignee_id: null, assign_to: null, assigned_at: null });
          return done.push({ type: 'unassign', done: true });
        case 'setField': {
          const field = app.registry.orders!.fields.find((f) => f.source === action.field);
          if (!field) throw badRequest(`${action.field} is no field of orders any more.`);
          const value = checkGivenValue(field, action.value);
          if (field.custom) values.push({ field: field.source, type: customTypeOf(field), value });
          else {
            events.push({ action: 'field', from: String(state[field.source] ?? ''), to: String(value ?? '') });
            set({ [field.column ?? field.source]: value });
          }
          return done.push({ type: 'setField', done: true });
        }
        case 'comment':
          events.push({ action: 'comment', detail: action.text });
          return done.push({ type: 'comment', done: true });
        default:
          return undefined;
      }
    });
    return { patch, values, event: events };
  };
}

export interface ActionRun {
  /** In whose name the change is made: the member who ran a macro, or a rule's own name. */
  actor: Member;
  cause: ChangeCause;
  /** The order's version the member saw (a macro): a change since refuses the run. */
  seenVersion?: number;
  /** Done first in the run's transaction (a time rule takes its firing); throwing stops the run. */
  first?: (trx: Knex.Transaction) => Promise<void>;
  /** Done last in the run's transaction, with the actions done (a rule logs its run: no commit of its own). */
  last?: (trx: Knex.Transaction, done: Done) => PromiseLike<unknown>;
}

/**
 * Runs actions on an order as one change in one transaction; answers each action done or skipped (with
 * why), and what to do once committed (notifications). Throws, changing nothing, when an action fails.
 */
export async function runActions(
  app: FastifyInstance,
  orderId: number,
  actions: RuleAction[],
  { actor, cause, seenVersion, first, last }: ActionRun,
): Promise<Done> {
  const now = app.clock.now();
  const done: Done = [];
  const given: Assignee[] = [];
  await withTransactionRetry(app.db, async (trx) => {
    done.length = 0;
    given.length = 0;
    await first?.(trx);
    const assignees = new Map<number, Assignee>();
    for (const [i, action] of actions.entries())
      if (action.type === 'assign') assignees.set(i, await assigneeOf(trx, action, now));
    const seen = seenVersion === undefined ? undefined : seenVersions([orderId], seenVersion);
    await changeOrdersIn(
      trx,
      actor,
      [orderId],
      orderChangeOf(app, actor, actions, assignees, done, given),
      seen,
      cause,
    );
    for (const action of actions) await sideEffect(app, trx, orderId, action, actor, cause, done);
    // Sent once committed (below).
    for (const action of actions) if (action.type === 'notify') done.push({ type: 'notify', done: true });
    await last?.(trx, done);
  });
  // Told once the change is kept: a notice of a change rolled back would tell of nothing.
  const link = `/view-order/${encodeId(orderId)}`;
  // A member given the order by someone else (a rule, a macro) hears of it, once however many assigns.
  const assignee = given.at(-1);
  if (assignee && assignee.id !== actor.id)
    await notify(
      app.db,
      [assignee.id],
      { kind: 'assigned', title: `Order ${orderId} was assigned to you (${actor.name}).`, link },
      app.clock.now(),
    );
  for (const action of actions)
    if (action.type === 'notify') {
      const audience = action.members?.length ? action.members : action.role ? { role: action.role } : [];
      await notify(app.db, audience, { kind: 'rule', title: action.message, link }, app.clock.now());
    }
  return done;
}

/** What an action adds beside the order's row, in the change's transaction. */
async function sideEffect(
  app: FastifyInstance,
  trx: Knex.Transaction,
  orderId: number,
  action: RuleAction,
  actor: Member,
  cause: ChangeCause,
  done: Done,
) {
  switch (action.type) {
    case 'comment':
      await insertCommentIn(trx, { id: actor.id || null, name: actor.name }, orderId, action.text, action.flags ?? []);
      return;
    case 'mail': {
      await queueTemplateMail(trx, app.config, { key: action.template, orderId, createdById: actor.id || null });
      return done.push({ type: 'mail', done: true, note: action.template });
    }
    case 'webhook':
      await queueWebhook(trx, app.clock.now(), {
        url: action.url,
        ruleId: cause.rule ?? null,
        orderId,
        macroId: cause.macro ?? null,
      });
      return done.push({ type: 'webhook', done: true });
    default:
      return undefined;
  }
}
