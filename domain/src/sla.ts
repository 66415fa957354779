import { dayjs } from './dates.js';

/** What an order's age reads of it: its status, mode and time of payment (UTC, 'YYYY-MM-DD HH:mm:ss'). */
export interface SlaFacts {
  process_status: string;
  processing_mode: string;
  paid_at: string | null;
  /** When the work was done (it first reached a WORK_DONE_STATUSES status); null while it is not. */
  finished_at?: string | null;
}

/** Statuses in which the work on an order is done: its age stops at the time it got there. */
export const WORK_DONE_STATUSES: readonly string[] = ['Completed', 'Refunds', 'ChargeBack'];

/** A stored UTC time as the databases hand it over ('YYYY-MM-DD HH:mm:ss'). */
const STORED_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

// Every queue row is timed: the stored form is read directly, as dayjs's parse was most of the cost.
const timeOf = (stored: string) =>
  STORED_TIME.test(stored) ? Date.parse(`${stored.replace(' ', 'T')}Z`) : dayjs.utc(stored).valueOf();

/** Whole minutes since payment at `now` (ms), or null for an order not paid. */
export function ageMinutes(paidAt: string | null, now: number): number | null {
  if (!paidAt) return null;
  const paid = timeOf(paidAt);
  return Number.isFinite(paid) ? Math.max(0, Math.floor((now - paid) / 60_000)) : null;
}

/** An order's age as the queues show it: since payment, until now or until the work was done. */
export const orderAgeMinutes = (order: SlaFacts, now: number): number | null =>
  ageMinutes(order.paid_at, order.finished_at ? timeOf(order.finished_at) : now);

/**
 * An age as a queue row shows it: "45 min", "3 h 5 min", "2 d 4 h". A role that may not read the time of
 * payment gets ages in whole hours (orders/visibleFields.ts), shown as such: "< 1 h", "3 h", never "3 h 0 min".
 */
export function formatAge(minutes: number | null, precision: 'minutes' | 'hours' = 'minutes'): string {
  if (minutes === null) return '';
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    if (precision === 'hours') return hours === 0 ? '< 1 h' : `${hours} h`;
    if (minutes < 60) return `${minutes} min`;
    return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  }
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/**
 * When a policy's clock runs: on `days` (0 Sunday to 6 Saturday) from `start` to `end` ('HH:mm', local to
 * `timeZone`, an IANA name; 00:00 to 00:00 is the whole day), except on `holidays` (local dates, 'YYYY-MM-DD').
 */
export interface BusinessHours {
  timeZone: string;
  days: number[];
  start: string;
  end: string;
  holidays?: string[];
}

/** A time the clock stood still (the order was in a paused status); `to` null: it still is. */
export interface SlaPause {
  from: Date;
  to: Date | null;
}

/** A local day of business hours: its midnight and working window in UTC ms (the window null on a day off). */
interface BusinessDay {
  midnight: number;
  window: [number, number] | null;
}

/**
 * Days already worked out, per business hours (a policy's, kept as long as the policy is): every order a
 * policy covers walks the same few days, and placing a local time in a time zone is most of an order
 * change's CPU otherwise.
 */
const daysKept = new WeakMap<BusinessHours, Map<string, BusinessDay>>();
const DAYS_KEPT = 5_000;

/** 'YYYY-MM-DD' of the day after a local date. */
const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Each time zone's date formatter ('YYYY-MM-DD' in en-CA), made once. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function localDate(time: number, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format.format(time);
}

function businessDay(hours: BusinessHours, date: string): BusinessDay {
  let kept = daysKept.get(hours);
  if (!kept) daysKept.set(hours, (kept = new Map()));
  let day = kept.get(date);
  if (!day) {
    day = workOut(hours, date);
    if (kept.size < DAYS_KEPT) kept.set(date, day);
  }
  return day;
}

function workOut(hours: BusinessHours, date: string): BusinessDay {
  const at = (time: string) => dayjs.tz(`${date} ${time}`, 'YYYY-MM-DD HH:mm', hours.timeZone).valueOf();
  const midnight = at('00:00');
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (!hours.days.includes(weekday) || hours.holidays?.includes(date)) return { midnight, window: null };
  const [open, close] = [at(hours.start), at(hours.end)];
  if (hours.start === '00:00' && hours.end === '00:00')
    return { midnight, window: [open, dayjs.tz(nextDate(date), hours.timeZone).valueOf()] };
  return { midnight, window: close > open ? [open, close] : null };
}

/** The parts of [from, to) outside every pause. */
function unpaused(from: number, to: number, pauses: SlaPause[]): Array<[number, number]> {
  let parts: Array<[number, number]> = [[from, to]];
  for (const pause of pauses) {
    const [a, b] = [pause.from.getTime(), pause.to ? pause.to.getTime() : Infinity];
    parts = parts.flatMap(([x, y]): Array<[number, number]> => {
      if (b <= x || a >= y) return [[x, y]];
      return [...(a > x ? [[x, a] as [number, number]] : []), ...(b < y ? [[b, y] as [number, number]] : [])];
    });
  }
  return parts;
}

/** Days looked at before giving up (a calendar with no working day at all). */
const MAX_DAYS = 3 * 366;

/**
 * When `targetMinutes` of business time have run from `start`, the clock stopped in `pauses`: in the
 * policy's time zone, so that a day of a DST change counts its working hours as the wall clock shows
 * them. Null when the clock never gets there (an open pause, or no working day).
 */
export function slaDueAt(
  start: Date,
  targetMinutes: number,
  hours: BusinessHours,
  pauses: SlaPause[] = [],
): Date | null {
  let left = targetMinutes * 60_000;
  let date = localDate(start.getTime(), hours.timeZone);
  for (let i = 0; i < MAX_DAYS; i++, date = nextDate(date)) {
    const { window } = businessDay(hours, date);
    if (!window) continue;
    for (const [from, to] of unpaused(Math.max(window[0], start.getTime()), window[1], pauses)) {
      if (to <= from) continue;
      if (to - from >= left) return new Date(from + left);
      left -= to - from;
    }
    if (pauses.some((p) => p.to === null && p.from.getTime() <= window[1])) return null;
  }
  return null;
}

/** Business minutes (whole ones) between two times: the parts of [from, to) inside the business hours. */
export function businessMinutes(from: Date, to: Date, hours: BusinessHours): number {
  let ms = 0;
  const end = to.getTime();
  for (let date = localDate(from.getTime(), hours.timeZone); ; date = nextDate(date)) {
    const { midnight, window } = businessDay(hours, date);
    if (midnight >= end) break;
    if (window) ms += Math.max(0, Math.min(window[1], end) - Math.max(window[0], from.getTime()));
  }
  return Math.floor(ms / 60_000);
}

/**
 * Where an order stands against its SLA: `ok`, `at_risk` (past `warnAtPercent` of its target), `breached`
 * (past its due time; it stays so), `paused` (in one of the policy's pause statuses, or deleted), `met`
 * (the work was done in time). Null: no policy applies.
 */
export const SLA_STATES = ['ok', 'at_risk', 'breached', 'paused', 'met'] as const;
export type SlaState = (typeof SLA_STATES)[number];

/** An SLA clock as an order keeps it between changes. */
export interface SlaClock {
  policyId: number | null;
  state: SlaState | null;
  /** Business minutes counted before the current run (the clock's runs end at pauses). */
  usedMinutes: number;
  /** When the current run started; null while the clock stands still. */
  runFrom: Date | null;
  dueAt: Date | null;
  /** When the state is to move on next (ok: at risk, at risk: breached); the worker reads orders due by it. */
  nextAt: Date | null;
}

/** What a clock reads of a policy. */
export interface SlaTerms {
  id: number;
  targetMinutes: number;
  warnAtPercent: number;
  pauseStatuses: readonly string[];
  businessHours: Omit<BusinessHours, 'holidays'>;
  holidays: string[];
}

/** What a clock reads of an order. */
export interface SlaOrderFacts {
  status: string;
  /** When the clock starts: payment (else the order's creation), or its processing date when that is later. */
  startedAt: Date;
  /** When it entered its status, and when its work was done: a first reading stops the clock there. */
  enteredAt: Date | null;
  finishedAt: Date | null;
}

/** A policy's business hours with its holidays, one object per policy: the days worked out are kept on it. */
const policyHours = new WeakMap<SlaTerms, BusinessHours>();
function hoursOf(policy: SlaTerms): BusinessHours {
  let hours = policyHours.get(policy);
  if (!hours) policyHours.set(policy, (hours = { ...policy.businessHours, holidays: policy.holidays }));
  return hours;
}

const UNTIMED: SlaClock = { policyId: null, state: null, usedMinutes: 0, runFrom: null, dueAt: null, nextAt: null };

/**
 * An order's SLA clock at `at`, from the clock it kept (`before`; state null: never read) and the policy
 * that applies now. The clock runs in business hours, outside pause statuses, until the work is done;
 * time in a pause is never counted. `advance` moves the state on (ok to at risk to breached) when its
 * time has come: only the SLA worker does, as those steps notify and run breach actions exactly once;
 * a change of the order only stops, starts or re-times the clock.
 */
export function slaStep(
  before: SlaClock,
  policy: SlaTerms | null,
  order: SlaOrderFacts,
  at: Date,
  advance = false,
): SlaClock {
  if (!policy) return UNTIMED;
  const hours = hoursOf(policy);
  const firstReading = before.state === null;
  let used = firstReading ? 0 : before.usedMinutes;
  let runFrom = firstReading ? order.startedAt : before.runFrom;
  const done = WORK_DONE_STATUSES.includes(order.status);
  const breached = before.state === 'breached';
  if (done || order.status === 'Deleted' || policy.pauseStatuses.includes(order.status)) {
    // A first reading of an order already stopped counts its run up to when it stopped.
    const runEnd = firstReading ? ((done ? order.finishedAt : null) ?? order.enteredAt ?? at) : at;
    if (runFrom && runEnd > runFrom) used += businessMinutes(runFrom, runEnd, hours);
    const state: SlaState = done
      ? breached || used >= policy.targetMinutes
        ? 'breached'
        : 'met'
      : breached
        ? 'breached'
        : 'paused';
    // A standing clock has no due time, unless the order breached or finished: it keeps the one it missed or met.
    const dueAt = state === 'paused' ? null : before.dueAt;
    return { policyId: policy.id, state, usedMinutes: used, runFrom: null, dueAt, nextAt: null };
  }
  runFrom ??= at;
  const dueIn = (minutes: number) => (minutes > 0 ? slaDueAt(runFrom!, minutes, hours) : runFrom);
  const dueAt = dueIn(policy.targetMinutes - used);
  const warnAt = dueIn(Math.ceil((policy.targetMinutes * policy.warnAtPercent) / 100) - used);
  const reached = (time: Date | null) => time !== null && time <= at;
  let state: SlaState = breached ? 'breached' : before.state === 'at_risk' && reached(warnAt) ? 'at_risk' : 'ok';
  if (advance && state !== 'breached' && reached(dueAt)) state = 'breached';
  else if (advance && state === 'ok' && reached(warnAt)) state = 'at_risk';
  const nextAt = state === 'ok' ? warnAt : state === 'at_risk' ? dueAt : null;
  return { policyId: policy.id, state, usedMinutes: used, runFrom, dueAt, nextAt };
}
