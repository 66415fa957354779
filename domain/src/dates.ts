import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/** The customer-facing time zone, labelled EST as the old screens did (DST included). */
export const EST_ZONE = 'America/New_York';

/** Storage format: all times are stored in UTC as 'YYYY-MM-DD HH:mm:ss'; dates as 'YYYY-MM-DD'. */
export const DB_DATETIME = 'YYYY-MM-DD HH:mm:ss';
export const DB_DATE = 'YYYY-MM-DD';

/** SPEC section 9 display formats. */
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

/** Formats a stored UTC time in New York time with the EST label SPEC shows. */
export function formatEst(value: DateInput, format: string = DATE_FORMATS.downloadHistory): string {
  const d = parseUtc(value);
  return d && d.isValid() ? `${d.tz(EST_ZONE).format(format)} EST` : '';
}

/** A stored calendar date (no time) as MM/DD/YYYY. */
export function formatDateOfBirth(value: DateInput): string {
  return formatUtc(value, DATE_FORMATS.dateOfBirth);
}

/** Today's date in UTC as 'YYYY-MM-DD': the day the date-dependent queues turn on. */
export const todayUtc = (now: Date = new Date()): string => dayjs.utc(now).format(DB_DATE);

/** Now as a stored UTC time. */
export const nowUtc = (now: Date = new Date()): string => dayjs.utc(now).format(DB_DATETIME);

/** Whether a string is a real calendar date in 'YYYY-MM-DD'. */
export const isIsoDate = (value: string): boolean => dayjs(value, DB_DATE, true).isValid();

export { dayjs };
