import { dayjs } from './dates.js';

/** Hours an order may wait after payment (SLA_PRIORITY_HOURS, SLA_STANDARD_HOURS). */
export interface SlaLimits {
  priorityHours: number;
  standardHours: number;
}

export const DEFAULT_SLA_LIMITS: SlaLimits = { priorityHours: 2, standardHours: 24 };

/** What the rule reads of an order: its status, mode and time of payment (UTC, 'YYYY-MM-DD HH:mm:ss'). */
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
 * The one SLA rule: an order still New (waiting for work) is overdue once older than its limit, a
 * Priority one after `priorityHours`, any other after `standardHours`. Orders past New are not timed.
 */
export function isOverdue(order: SlaFacts, now: number, limits: SlaLimits = DEFAULT_SLA_LIMITS): boolean {
  if (order.process_status !== 'New') return false;
  const age = ageMinutes(order.paid_at, now);
  const hours = order.processing_mode === 'Priority' ? limits.priorityHours : limits.standardHours;
  return age !== null && age > hours * 60;
}

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

/** A business day's window in UTC ms, or none on a day off. */
function windowOf(hours: BusinessHours, day: dayjs.Dayjs): [number, number] | null {
  const date = day.format('YYYY-MM-DD');
  if (!hours.days.includes(day.day()) || hours.holidays?.includes(date)) return null;
  const at = (time: string) => dayjs.tz(`${date} ${time}`, 'YYYY-MM-DD HH:mm', hours.timeZone).valueOf();
  const [open, close] = [at(hours.start), at(hours.end)];
  if (hours.start === '00:00' && hours.end === '00:00')
    return [open, dayjs.tz(day.add(1, 'day').format('YYYY-MM-DD'), hours.timeZone).valueOf()];
  return close > open ? [open, close] : null;
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
  let day = dayjs(start).tz(hours.timeZone).startOf('day');
  for (let i = 0; i < MAX_DAYS; i++, day = day.add(1, 'day')) {
    const window = windowOf(hours, day);
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
