import { formatInZone, formatUtc, statusLabel, type FieldDefinition } from '@app/domain';
import { currentTimeZone } from '../preferences/timeZone';

/** Where a value is shown: table cells are compact (day first, like the old system's queue tables), pages read like the old system's order page. */
export type ValueContext = 'list' | 'show';

/**
 * Display formats of the registry's field types. Times are shown in the member's time zone, named
 * after them (EDT, EST, UTC, GMT+7), and 12-hour times say AM or PM: tables on 24 hours (as in the old system: DD/MM/YYYY
 * HH:mm), pages and histories on 12.
 */
export const DISPLAY_FORMATS = {
  listDate: 'DD/MM/YYYY',
  listDateTime: 'DD/MM/YYYY HH:mm',
  showDate: 'MM/DD/YYYY',
  showDateTime: 'MM/DD/YYYY h:mm:ss A',
  mailHistory: 'DD/MMMM/YYYY h:mm:ss A',
  downloadHistory: 'MM/DD/YYYY h:mm:ss A',
} as const;

/** A stored (UTC) time as the member's clock reads it, with their zone's name at that time. */
export const formatTime = (value: unknown, format: string) => formatInZone(value as string, format, currentTimeZone());

/** A stored (UTC) time in a table's or a page's format, in the member's time zone. */
export const formatTimeFor = (value: unknown, context: ValueContext = 'list') =>
  formatTime(value, context === 'list' ? DISPLAY_FORMATS.listDateTime : DISPLAY_FORMATS.showDateTime);

export const isEmptyValue = (value: unknown) => value == null || String(value).trim() === '';

/** "+81 9012345678" from a record's phone_code and the number (as in the old system: plus sign, phone code, number). */
export function formatPhone(record: Record<string, unknown>, source: string): string {
  const number = record[source];
  if (isEmptyValue(number)) return '';
  const code = String(record.phone_code ?? '').replace(/^\+/, '');
  return code ? `+${code} ${String(number)}` : String(number);
}

/**
 * A field's value as text, by its type; '' when empty. Booleans and statuses give catalogue keys or
 * labels through `translate`.
 */
export function formatValue(
  field: FieldDefinition,
  record: Record<string, unknown>,
  context: ValueContext,
  translate: (key: string) => string,
): string {
  const value = record[field.source];
  if (isEmptyValue(value)) return '';
  switch (field.type) {
    case 'date':
      return formatUtc(value as string, context === 'list' ? DISPLAY_FORMATS.listDate : DISPLAY_FORMATS.showDate);
    case 'datetime':
      return formatTimeFor(value, context);
    case 'status':
      return statusLabel(String(value));
    case 'boolean':
      return translate(Number(value) || value === true ? 'ra.boolean.true' : 'ra.boolean.false');
    case 'phone':
      return formatPhone(record, field.source);
    case 'money': {
      const currency = typeof record.currency === 'string' && record.currency ? record.currency : undefined;
      const amount = Number(value);
      return currency ? new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount) : amount.toFixed(2);
    }
    case 'number':
      return Number(value).toLocaleString('en');
    case 'password':
      return '';
    default:
      return String(value);
  }
}

/** Short values (ids, phones, dates) stay on one line in tables. */
export const isShortType = (field: FieldDefinition) =>
  ['id', 'phone', 'date', 'datetime', 'number', 'money', 'status'].includes(field.type);
