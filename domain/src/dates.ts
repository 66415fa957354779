import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/** New York, the zone of the old system's "EST" times (its label follows daylight saving: EDT in summer). */
export const EST_ZONE = 'America/New_York';

/** Storage format: all times are stored in UTC as 'YYYY-MM-DD HH:mm:ss'; dates as 'YYYY-MM-DD'. */
export const DB_DATETIME = 'YYYY-MM-DD HH:mm:ss';
export const DB_DATE = 'YYYY-MM-DD';

/** Display formats, as staff know them from the old system. */
export const DATE_FORMATS = {
  queueTable: 'DD/MM/YYYY HH:mm',
  orderTable: 'DD-MM-YYYY hh:mm:ss',
  mailHistory: 'DD/MMMM/YYYY h:mm:ss',
  downloadHistory: 'MM/DD/YYYY h:mm:ss',
  historyShort: 'MM-DD-YYYY',
  dateOfBirth: 'MM/DD/YYYY',
  processMonth: 'MMMM YYYY',
} as const;

type DateInput = string | Date | null | undefined;

const parseUtc = (value: DateInput) => (value ? dayjs.utc(value) : null);

/** Formats a stored UTC time in UTC; '' for an empty or unreadable value. */
export function formatUtc(value: DateInput, format: string): string {
  const d = parseUtc(value);
  return d && d.isValid() ? d.format(format) : '';
}

/** Whether a name is a time zone this runtime knows (IANA, e.g. 'America/New_York', or 'UTC'). */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || !name) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

// One formatter per zone: building an Intl.DateTimeFormat costs far more than using one, and tables format many times.
const zoneNamers = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's short name at an instant, with its daylight-saving state: EDT or EST for New York by the
 * date, UTC; a zone without a short name in English reads as its offset (GMT+7).
 */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  let namer = zoneNamers.get(timeZone);
  if (!namer) {
    namer = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    zoneNamers.set(timeZone, namer);
  }
  return namer.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * Formats a stored UTC time as the clock reads in `timeZone`, followed by the zone's short name at
 * that time ("10/25/2026 2:07:11 PM EDT"); '' for an empty or unreadable value.
 */
export function formatInZone(value: DateInput, format: string, timeZone: string): string {
  const d = parseUtc(value);
  return d && d.isValid() ? `${d.tz(timeZone).format(format)} ${zoneAbbreviation(d.toDate(), timeZone)}` : '';
}

/** Today's date in UTC as 'YYYY-MM-DD': the day the date-dependent queues turn on. */
export const todayUtc = (now: Date = new Date()): string => dayjs.utc(now).format(DB_DATE);

/** Now as a stored UTC time. */
export const nowUtc = (now: Date = new Date()): string => dayjs.utc(now).format(DB_DATETIME);

/** Whether a string is a real calendar date in 'YYYY-MM-DD'. */
export const isIsoDate = (value: string): boolean => dayjs(value, DB_DATE, true).isValid();

const ISO_DATETIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-](\d{2}):?(\d{2}))?$/;

/**
 * A date and time as given ('YYYY-MM-DD HH:mm[:ss[.ffffff]]', a T instead of the space, UTC unless it
 * gives its offset) as stored in UTC, or undefined when it is not a real one: dayjs alone rolls
 * 2026-02-30 over to March 2 and 99:99 into the next days.
 */
export function parseIsoDateTime(value: string): string | undefined {
  const parts = ISO_DATETIME.exec(value);
  if (!parts || !isIsoDate(parts[1]!)) return undefined;
  const [hours, minutes, seconds, offsetHours, offsetMinutes] = [2, 3, 4, 6, 7].map((i) => Number(parts[i] ?? 0));
  if (hours! > 23 || minutes! > 59 || seconds! > 59 || offsetHours! > 23 || offsetMinutes! > 59) return undefined;
  return dayjs.utc(value).format(DB_DATETIME);
}

export { dayjs };
