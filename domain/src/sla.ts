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
