import { isIsoDate, parseIsoDateTime } from '../dates.js';
import { SINGLE_LINE_PATTERN } from '../csv.js';
import { matchesPattern } from './patterns.js';
import type { FieldDefinition } from '../registry/types.js';
import { CUSTOM_LONG_TEXT_MAX, CUSTOM_TEXT_MAX, type CustomFieldType } from './types.js';

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

const SINGLE_LINE = new RegExp(SINGLE_LINE_PATTERN);

/** A value checked against a custom field's rules: as it is kept (null: no value), or what is wrong with it. */
export type CheckedValue = { value: CustomValue | null } | { problem: string };

/**
 * Checks a value of a custom field of `type` against its type and rules (the field's registry entry): an
 * edit of the value (PUT /api/orders/{id}) and a change of the rules, which is refused while stored values
 * break the new ones, ask the same. A problem reads after the field's key: `must be one of: A, B.`
 */
export function checkCustomValue(field: FieldDefinition, type: CustomFieldType, given: unknown): CheckedValue {
  const rules = field.validate ?? {};
  const refuse = (problem: string) => ({ problem });
  if (given === null || given === '') return rules.required ? refuse('is required.') : { value: null };
  switch (type) {
    case 'number':
      if (typeof given !== 'number' || !Number.isFinite(given)) return refuse('must be a number.');
      if (rules.min !== undefined && given < rules.min) return refuse(`must be at least ${rules.min}.`);
      if (rules.max !== undefined && given > rules.max) return refuse(`must be at most ${rules.max}.`);
      return { value: given };
    case 'boolean':
      return typeof given === 'boolean' ? { value: given } : refuse('must be true or false.');
    case 'date':
      return typeof given === 'string' && isIsoDate(given) ? { value: given } : refuse('must be a date (YYYY-MM-DD).');
    case 'datetime': {
      const time = typeof given === 'string' ? parseIsoDateTime(given) : undefined;
      return time ? { value: time } : refuse('must be a date and time (YYYY-MM-DD HH:mm:ss, UTC).');
    }
    case 'choice': {
      const choices = field.choices ?? [];
      return typeof given === 'string' && choices.includes(given)
        ? { value: given }
        : refuse(`must be one of: ${choices.join(', ')}.`);
    }
    case 'text':
    case 'longText': {
      const longest = type === 'text' ? CUSTOM_TEXT_MAX : CUSTOM_LONG_TEXT_MAX;
      if (typeof given !== 'string') return refuse('must be text.');
      if (type === 'text' && !SINGLE_LINE.test(given)) return refuse('must be one line of text.');
      const [min, max] = [rules.minLength, Math.min(rules.maxLength ?? longest, longest)];
      if (min !== undefined && given.length < min) return refuse(`must be at least ${min} characters long.`);
      if (given.length > max) return refuse(`must be at most ${max} characters long.`);
      if (rules.pattern && !matchesPattern(rules.pattern, given))
        return refuse(`must match the pattern ${rules.pattern}.`);
      return { value: given };
    }
  }
}
