import { checkListFilter, type ConfigurationProblem } from './configuration/check.js';
import { passesListFilter } from './configuration/matches.js';
import type { FieldDefinition, ResourceDefinition } from './registry/types.js';
import { ROLES, isRole, type Role } from './roles.js';
import { MOVE_TARGET_STATUSES, STATUSES, type Status } from './statuses.js';

/**
 * What Admins automate at run time: rules (an event or a time, conditions, actions) and macros (actions a
 * member runs from an order page). Actions are shared: one executor runs those of a rule's firing or a
 * macro's click as one change of the order.
 */

export const TRIGGER_EVENTS = [
  'order.moved',
  'order.created',
  'order.assigned',
  'document.uploaded',
  'mail.bounced',
  'comment.added',
  'field.changed',
] as const;
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];

/**
 * A time: an order in `status` for `afterMinutes`, or `afterMinutes` from the value of a custom date or
 * datetime `field` (negative: before it; a date counts from its midnight UTC).
 */
export type TimeTrigger =
  { type: 'time'; status: Status; afterMinutes: number } | { type: 'time'; field: string; afterMinutes: number };

export type RuleTrigger = { type: 'event'; event: TriggerEvent; to?: Status; field?: string } | TimeTrigger;

/** Rules the time rules' pass runs rather than a change: time rules, and those on orders arriving. */
export const isTimedTrigger = (trigger: RuleTrigger) =>
  trigger.type === 'time' || (trigger.type === 'event' && trigger.event === 'order.created');

export const ASSIGN_STRATEGIES = ['roundRobin', 'leastLoaded'] as const;
export type AssignStrategy = (typeof ASSIGN_STRATEGIES)[number];

/** An action as a form leaves it, with only its type's properties and none left empty. */
export function cleanAction(action: Record<string, unknown>): Record<string, unknown> {
  const keys = ACTION_KEYS[action.type as ActionType] ?? [];
  const kept = Object.entries(action).filter(
    ([key, value]) => (key === 'type' || keys.includes(key)) && value !== null && value !== undefined && value !== '',
  );
  const clean = Object.fromEntries(kept);
  // An assign names a member or follows a strategy.
  if (clean.type === 'assign' && clean.strategy !== undefined) delete clean.member;
  return clean;
}

/** Remark flags a comment action may set (as the comment form's). */
export const COMMENT_FLAGS = ['whatsapp', 'telephone', 'statusRefund', 'voided', 'chargeBack', 'reportError'] as const;
export type CommentFlag = (typeof COMMENT_FLAGS)[number];

/** Members count as present for a strategy when they signed in this recently, unless the action says otherwise. */
export const DEFAULT_PRESENT_MINUTES = 8 * 60;

export type RuleAction =
  | { type: 'move'; status: Status }
  | { type: 'assign'; member: number }
  | { type: 'assign'; strategy: AssignStrategy; role: Role; cap?: number; presentMinutes?: number }
  | { type: 'unassign' }
  | { type: 'setField'; field: string; value: string | number | boolean | null }
  | { type: 'comment'; text: string; flags?: CommentFlag[] }
  | { type: 'mail'; template: string }
  | { type: 'webhook'; url: string }
  | { type: 'notify'; members?: number[]; role?: Role; message: string };
export const ACTION_TYPES = ['move', 'assign', 'unassign', 'setField', 'comment', 'mail', 'webhook', 'notify'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** A record of /api/automation-rules. */
export interface RuleRecord {
  id: number;
  name: string;
  enabled: boolean;
  trigger: RuleTrigger;
  /** In the form of a custom queue's filter, plus landing_domain. */
  conditions: Record<string, unknown>;
  actions: RuleAction[];
  position: number;
}

/** A record of /api/macros. */
export interface MacroRecord {
  id: number;
  name: string;
  roles: Role[];
  actions: RuleAction[];
}

export const AUTOMATION_LIMITS = {
  nameLength: 100,
  actions: 20,
  commentLength: 2000,
  urlLength: 500,
  /** Event rules started by one another stop at this depth (the run of the next one logs why). */
  chainSteps: 3,
  /** A time rule waits at most a year. */
  afterMinutes: 525_600,
} as const;

/** Conditions read the orders' list filters and, beyond them, the domain the order was sold on (eq). */
const CONDITION_ONLY_FILTERS = ['landing_domain'];

/** The orders resource as rule conditions read it. */
export const conditionFieldsOf = (orders: Pick<ResourceDefinition, 'fields'>): Pick<ResourceDefinition, 'fields'> => ({
  fields: orders.fields.map((field): FieldDefinition =>
    CONDITION_ONLY_FILTERS.includes(field.source) && !field.filter ? { ...field, filter: 'eq' } : field,
  ),
});

/** Whether an order (its row with its custom values) passes a rule's or a policy's conditions. */
export const passesConditions = (
  conditions: Record<string, unknown>,
  orders: Pick<ResourceDefinition, 'fields'>,
  order: Record<string, unknown>,
) => passesListFilter(conditions, conditionFieldsOf(orders), order);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);
const isName = (value: unknown) =>
  typeof value === 'string' &&
  value.trim().length > 0 &&
  value.length <= AUTOMATION_LIMITS.nameLength &&
  !/[\r\n]/.test(value);
const isWhole = (value: unknown, min: number, max: number) =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

function checkTrigger(raw: unknown, problems: ConfigurationProblem[], orders: Pick<ResourceDefinition, 'fields'>) {
  const problem = (key: string, message: string) => problems.push({ path: `trigger${key}`, message });
  if (!isObject(raw)) return problem('', 'trigger is an object: {type: "event", event} or {type: "time", status}.');
  if (raw.type === 'event') {
    if (!TRIGGER_EVENTS.includes(raw.event as TriggerEvent))
      problem('.event', `trigger.event is one of: ${TRIGGER_EVENTS.join(', ')}.`);
    if (raw.to !== undefined && !STATUSES.includes(raw.to as Status))
      problem('.to', `trigger.to is a status: ${STATUSES.join(', ')}.`);
    if (raw.field !== undefined && !orders.fields.some((f) => f.source === raw.field))
      problem('.field', `trigger.field names ${String(raw.field)}, which is no field of orders.`);
    for (const key of Object.keys(raw))
      if (!['type', 'event', 'to', 'field'].includes(key))
        problem(`.${key}`, `${key} is not part of an event trigger.`);
  } else if (raw.type === 'time') {
    const max = AUTOMATION_LIMITS.afterMinutes;
    if (raw.field !== undefined) {
      const field = orders.fields.find((f) => f.source === raw.field);
      if (!field?.custom || (field.type !== 'date' && field.type !== 'datetime'))
        problem(
          '.field',
          `trigger.field names ${String(raw.field)}, which is no custom date or datetime field of orders.`,
        );
      if (raw.status !== undefined)
        problem('.status', 'A time trigger counts from a status or from a field, not both.');
      if (!isWhole(raw.afterMinutes, -max, max))
        problem('.afterMinutes', `trigger.afterMinutes is a whole number of minutes from -${max} to ${max}.`);
    } else {
      if (!STATUSES.includes(raw.status as Status))
        problem('.status', `trigger.status is a status: ${STATUSES.join(', ')} (or give a date field).`);
      if (!isWhole(raw.afterMinutes, 1, max))
        problem('.afterMinutes', `trigger.afterMinutes is a whole number of minutes from 1 to ${max}.`);
    }
    for (const key of Object.keys(raw))
      if (!['type', 'status', 'field', 'afterMinutes'].includes(key))
        problem(`.${key}`, `${key} is not part of a time trigger.`);
  } else problem('.type', 'trigger.type is "event" or "time".');
}

/** The properties each action type has besides `type`. */
export const ACTION_KEYS: Record<ActionType, readonly string[]> = {
  move: ['status'],
  assign: ['member', 'strategy', 'role', 'cap', 'presentMinutes'],
  unassign: [],
  setField: ['field', 'value'],
  comment: ['text', 'flags'],
  mail: ['template'],
  webhook: ['url'],
  notify: ['members', 'role', 'message'],
};

function checkAction(
  raw: unknown,
  path: string,
  problems: ConfigurationProblem[],
  orders: Pick<ResourceDefinition, 'fields'>,
) {
  const problem = (key: string, message: string) => problems.push({ path: `${path}${key}`, message });
  if (!isObject(raw) || !ACTION_TYPES.includes(raw.type as ActionType))
    return problem('.type', `${path}.type is one of: ${ACTION_TYPES.join(', ')}.`);
  const type = raw.type as ActionType;
  for (const key of Object.keys(raw))
    if (key !== 'type' && !ACTION_KEYS[type].includes(key))
      problem(`.${key}`, `${key} is not part of a ${type} action.`);
  switch (type) {
    case 'move':
      if (!MOVE_TARGET_STATUSES.includes(raw.status as Status))
        problem('.status', `${path}.status is one of: ${MOVE_TARGET_STATUSES.join(', ')}.`);
      break;
    case 'assign':
      if (raw.member !== undefined) {
        if (!isWhole(raw.member, 1, 2 ** 31)) problem('.member', `${path}.member is a member's id.`);
        if (raw.strategy !== undefined)
          problem('.strategy', `${path} assigns a member or follows a strategy, not both.`);
      } else {
        if (!ASSIGN_STRATEGIES.includes(raw.strategy as AssignStrategy))
          problem('.strategy', `${path}.strategy is one of: ${ASSIGN_STRATEGIES.join(', ')} (or give a member).`);
        if (!isRole(raw.role)) problem('.role', `${path}.role is one of: ${ROLES.join(', ')}.`);
        if (raw.cap !== undefined && !isWhole(raw.cap, 1, 10_000))
          problem('.cap', `${path}.cap is a whole number of open orders from 1 to 10000.`);
        if (raw.presentMinutes !== undefined && !isWhole(raw.presentMinutes, 1, 10_080))
          problem('.presentMinutes', `${path}.presentMinutes is a whole number of minutes from 1 to 10080.`);
      }
      break;
    case 'setField': {
      const field = orders.fields.find((f) => f.source === raw.field);
      if (!field || !(field.custom || field.editRoles?.length))
        problem('.field', `${path}.field names ${String(raw.field)}, which is no custom or editable field of orders.`);
      if (!['string', 'number', 'boolean'].includes(typeof raw.value) && raw.value !== null)
        problem('.value', `${path}.value is text, a number, true or false, or null.`);
      break;
    }
    case 'comment':
      if (typeof raw.text !== 'string' || !raw.text.trim() || raw.text.length > AUTOMATION_LIMITS.commentLength)
        problem('.text', `${path}.text is text of 1 to ${AUTOMATION_LIMITS.commentLength} characters.`);
      if (raw.flags !== undefined && (!Array.isArray(raw.flags) || raw.flags.some((f) => !COMMENT_FLAGS.includes(f))))
        problem('.flags', `${path}.flags is a list of: ${COMMENT_FLAGS.join(', ')}.`);
      break;
    case 'mail':
      if (typeof raw.template !== 'string' || !/^[a-z0-9][a-z0-9_.-]{0,63}$/i.test(raw.template))
        problem('.template', `${path}.template is the key of a mail template.`);
      break;
    case 'webhook':
      if (
        typeof raw.url !== 'string' ||
        raw.url.length > AUTOMATION_LIMITS.urlLength ||
        !/^https?:\/\/[^\s]+$/.test(raw.url)
      )
        problem(
          '.url',
          `${path}.url is an http or https address of at most ${AUTOMATION_LIMITS.urlLength} characters.`,
        );
      break;
    case 'notify':
      if (
        raw.members !== undefined &&
        (!Array.isArray(raw.members) || raw.members.some((m) => !isWhole(m, 1, 2 ** 31)))
      )
        problem('.members', `${path}.members is a list of members' ids.`);
      if (raw.role !== undefined && !isRole(raw.role)) problem('.role', `${path}.role is one of: ${ROLES.join(', ')}.`);
      if (raw.members === undefined && raw.role === undefined) problem('.members', `${path} names members or a role.`);
      if (
        typeof raw.message !== 'string' ||
        !raw.message.trim() ||
        raw.message.length > AUTOMATION_LIMITS.commentLength
      )
        problem('.message', `${path}.message is text of 1 to ${AUTOMATION_LIMITS.commentLength} characters.`);
      break;
    case 'unassign':
      break;
  }
}

export function checkActions(
  raw: unknown,
  problems: ConfigurationProblem[],
  orders: Pick<ResourceDefinition, 'fields'>,
) {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > AUTOMATION_LIMITS.actions)
    return problems.push({
      path: 'actions',
      message: `actions is a list of 1 to ${AUTOMATION_LIMITS.actions} actions.`,
    });
  raw.forEach((action, i) => checkAction(action, `actions.${i}`, problems, orders));
}

/** A rule as sent (create, update or dry run): every problem, each naming where it is. */
export function checkRule(raw: Json, orders: Pick<ResourceDefinition, 'fields'>): ConfigurationProblem[] {
  const problems: ConfigurationProblem[] = [];
  if (!isName(raw.name))
    problems.push({ path: 'name', message: `name is one line of 1 to ${AUTOMATION_LIMITS.nameLength} characters.` });
  checkTrigger(raw.trigger, problems, orders);
  if (raw.conditions !== undefined && !isObject(raw.conditions))
    problems.push({ path: 'conditions', message: 'conditions is an object, as a custom queue filter.' });
  else checkListFilter(raw.conditions ?? {}, conditionFieldsOf(orders), undefined, 'conditions', problems);
  checkActions(raw.actions, problems, orders);
  return problems;
}

export function checkMacro(raw: Json, orders: Pick<ResourceDefinition, 'fields'>): ConfigurationProblem[] {
  const problems: ConfigurationProblem[] = [];
  if (!isName(raw.name))
    problems.push({ path: 'name', message: `name is one line of 1 to ${AUTOMATION_LIMITS.nameLength} characters.` });
  if (!Array.isArray(raw.roles) || raw.roles.length === 0 || raw.roles.some((r) => !isRole(r)))
    problems.push({ path: 'roles', message: `roles is a list of one or more of: ${ROLES.join(', ')}.` });
  checkActions(raw.actions, problems, orders);
  return problems;
}

/** Statuses an SLA clock stops in unless a policy says otherwise: the order waits for someone else. */
export const DEFAULT_PAUSE_STATUSES: readonly Status[] = ['Awaiting', 'AwaitingGovt'];

/** A record of /api/sla-policies: the first whose conditions an order meets applies to it. */
export interface SlaPolicyRecord {
  id: number;
  name: string;
  conditions: Record<string, unknown>;
  targetMinutes: number;
  /** The order is at risk from this share of its target on. */
  warnAtPercent: number;
  pauseStatuses: Status[];
  businessHours: { timeZone: string; days: number[]; start: string; end: string };
  holidays: string[];
  /** Rule actions run once when the order breaches. */
  breachActions: RuleAction[];
}

const HOUR_MINUTE = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function knownTimeZone(zone: unknown) {
  if (typeof zone !== 'string') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function checkSlaPolicy(raw: Json, orders: Pick<ResourceDefinition, 'fields'>): ConfigurationProblem[] {
  const problems: ConfigurationProblem[] = [];
  const problem = (path: string, message: string) => problems.push({ path, message });
  if (!isName(raw.name)) problem('name', `name is one line of 1 to ${AUTOMATION_LIMITS.nameLength} characters.`);
  if (raw.conditions !== undefined && !isObject(raw.conditions))
    problem('conditions', 'conditions is an object, as a custom queue filter.');
  else checkListFilter(raw.conditions ?? {}, conditionFieldsOf(orders), undefined, 'conditions', problems);
  if (!isWhole(raw.targetMinutes, 1, AUTOMATION_LIMITS.afterMinutes))
    problem('targetMinutes', `targetMinutes is a whole number of minutes from 1 to ${AUTOMATION_LIMITS.afterMinutes}.`);
  if (raw.warnAtPercent !== undefined && !isWhole(raw.warnAtPercent, 1, 99))
    problem('warnAtPercent', 'warnAtPercent is a whole number from 1 to 99.');
  if (
    raw.pauseStatuses !== undefined &&
    (!Array.isArray(raw.pauseStatuses) || raw.pauseStatuses.some((s) => !STATUSES.includes(s as Status)))
  )
    problem('pauseStatuses', `pauseStatuses is a list of: ${STATUSES.join(', ')}.`);
  const hours = raw.businessHours;
  if (!isObject(hours)) problem('businessHours', 'businessHours is {timeZone, days, start, end}.');
  else {
    if (!knownTimeZone(hours.timeZone))
      problem('businessHours.timeZone', 'businessHours.timeZone is a time zone such as Asia/Bangkok.');
    if (!Array.isArray(hours.days) || !hours.days.length || hours.days.some((d) => !isWhole(d, 0, 6)))
      problem('businessHours.days', 'businessHours.days is a list of one or more days, 0 (Sunday) to 6 (Saturday).');
    for (const key of ['start', 'end'])
      if (typeof hours[key] !== 'string' || !HOUR_MINUTE.test(hours[key] as string))
        problem(`businessHours.${key}`, `businessHours.${key} is a time of day, HH:mm.`);
    if (
      typeof hours.start === 'string' &&
      typeof hours.end === 'string' &&
      hours.end <= hours.start &&
      !(hours.start === '00:00' && hours.end === '00:00')
    )
      problem('businessHours.end', 'businessHours.end comes after start (00:00 to 00:00 is the whole day).');
  }
  if (
    raw.holidays !== undefined &&
    (!Array.isArray(raw.holidays) ||
      raw.holidays.length > 366 ||
      raw.holidays.some((d) => typeof d !== 'string' || !DATE.test(d)))
  )
    problem('holidays', 'holidays is a list of at most 366 dates, YYYY-MM-DD.');
  if (raw.breachActions !== undefined && !(Array.isArray(raw.breachActions) && raw.breachActions.length === 0)) {
    const breach: ConfigurationProblem[] = [];
    checkActions(raw.breachActions, breach, orders);
    problems.push(
      ...breach.map((p) => ({
        ...p,
        path: p.path.replace(/^actions/, 'breachActions'),
        message: p.message.replace(/^actions/, 'breachActions'),
      })),
    );
  }
  return problems;
}
