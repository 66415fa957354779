import type { CustomFieldType } from './types.js';

/**
 * How a custom field's value is kept in order_values (migration 017): one column per kind of value,
 * so that one index per column serves a filter or a sort on any field of that kind.
 */
export interface StoredValue {
  value_text: string | null;
  value_number: number | null;
  value_long: string | null;
}

export type CustomValue = string | number | boolean;

/** A value of a field of `type` as stored; dates and datetimes come checked ('YYYY-MM-DD[ HH:mm:ss]'). */
export function storedValue(type: CustomFieldType, value: CustomValue): StoredValue {
  const none = { value_text: null, value_number: null, value_long: null };
  switch (type) {
    case 'number':
      return { ...none, value_number: Number(value) };
    case 'boolean':
      return { ...none, value_number: value ? 1 : 0 };
    case 'longText':
      return { ...none, value_long: String(value) };
    default:
      return { ...none, value_text: String(value) };
  }
}

/** The column of order_values a field of `type` is kept, filtered and sorted in. */
export const valueColumnOf = (type: CustomFieldType): keyof StoredValue =>
  type === 'number' || type === 'boolean' ? 'value_number' : type === 'longText' ? 'value_long' : 'value_text';

/** A stored value as the API answers it. */
export function readStoredValue(type: CustomFieldType, row: StoredValue): CustomValue | null {
  switch (type) {
    case 'number':
      return row.value_number === null ? null : Number(row.value_number);
    case 'boolean':
      return row.value_number === null ? null : Number(row.value_number) === 1;
    case 'longText':
      return row.value_long;
    default:
      return row.value_text;
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * Whether a stored value can be held by a field of another type (a type change is refused while some
 * cannot): answers the value as the new type would keep it, or undefined when it cannot.
 */
export function convertStoredValue(
  from: CustomFieldType,
  to: CustomFieldType,
  row: StoredValue,
  choices: string[] | null,
) {
  const value = readStoredValue(from, row);
  if (value === null) return storedValue(to, '');
  const text = String(value);
  switch (to) {
    case 'text':
      return text.length <= 191 && !/[\r\n]/.test(text) ? storedValue(to, text) : undefined;
    case 'longText':
      return storedValue(to, text);
    case 'number':
      return text.trim() !== '' && Number.isFinite(Number(text)) ? storedValue(to, Number(text)) : undefined;
    case 'boolean':
      return typeof value === 'boolean' || text === '0' || text === '1'
        ? storedValue(to, value === true || text === '1')
        : undefined;
    case 'date':
      return DATE.test(text) ? storedValue(to, text) : undefined;
    case 'datetime':
      return DATETIME.test(text)
        ? storedValue(to, text)
        : DATE.test(text)
          ? storedValue(to, `${text} 00:00:00`)
          : undefined;
    case 'choice':
      return choices?.includes(text) ? storedValue(to, text) : undefined;
  }
}
