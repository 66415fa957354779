import { SINGLE_LINE_PATTERN } from '../csv.js';
import { isIsoDate, parseIsoDateTime } from '../dates.js';
import { ROLES, isRole } from '../roles.js';
import { STATUSES } from '../statuses.js';
import { englishLabel, inWords, mayReadField } from '../registry/index.js';
import type { Registry, ResourceDefinition } from '../registry/types.js';
import { effectiveRegistry, LOCKED_FIELDS, overridableFields } from './effective.js';
import { listFilterKeys, RESERVED_FILTER_KEYS } from './matches.js';
import { isLinearPattern } from './patterns.js';
import {
  CONFIGURATION_LIMITS as LIMITS,
  CUSTOM_FIELD_TYPES,
  CUSTOM_TEXT_MAX,
  FIELD_KEY_PATTERN,
  QUEUE_ID_PATTERN,
  type Configuration,
  type CustomFieldType,
  type CustomQueueRecord,
  type OrderFieldRecord,
} from './types.js';

/**
 * Every rule a configuration must keep, checked at once so that an import's dry run lists every
 * problem, and a single record's create or update is refused by the same rules (the API runs this on
 * the configuration as it would be). A problem names where it is (`fields.visa_type.choices`).
 */
export interface ConfigurationProblem {
  path: string;
  message: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);
/** Labels, choices and names show as one line (a menu entry, a column header): no control characters. */
const ONE_LINE = new RegExp(SINGLE_LINE_PATTERN);
/**
 * Nor only spaces, nor the controls that reorder what follows (U+202E shows `txt.exe` as `exe.txt`):
 * a label must read as what it is.
 */
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const isText = (value: unknown, max: number, min = 0) =>
  typeof value === 'string' &&
  value.length >= min &&
  value.length <= max &&
  ONE_LINE.test(value) &&
  !BIDI_CONTROLS.test(value) &&
  (value === '' || value.trim() !== '');
/** How isText's rules read after "is one line of text of …". */
const READABLE = 'not blank, without direction controls';
const isTextOrNull = (value: unknown, max: number) => value === null || value === undefined || isText(value, max);
/** Help and patterns may run over lines. */
const isLongText = (value: unknown, max: number) =>
  value === null || value === undefined || (typeof value === 'string' && value.length <= max);
const isNumberOrNull = (value: unknown) => value === null || value === undefined || Number.isFinite(value);

/** The record with every optional property given its default, as kept. */
export function normalizeFieldRecord(record: Json): OrderFieldRecord {
  return {
    id: String(record.id ?? ''),
    label: (record.label as string | null | undefined) ?? null,
    labelFr: (record.labelFr as string | null | undefined) ?? null,
    type: String(record.type ?? ''),
    choices: (record.choices as string[] | null | undefined) ?? null,
    help: (record.help as string | null | undefined) ?? null,
    required: record.required === true,
    min: (record.min as number | null | undefined) ?? null,
    max: (record.max as number | null | undefined) ?? null,
    pattern: (record.pattern as string | null | undefined) || null,
    readRoles: (record.readRoles as OrderFieldRecord['readRoles'] | undefined) ?? [...ROLES],
    editRoles: (record.editRoles as OrderFieldRecord['editRoles'] | undefined) ?? [],
    column: record.column === true,
    columnDefault: record.columnDefault !== false,
    filter: record.filter === true,
    sortable: record.sortable === true,
    section: (record.section as string | undefined) ?? '',
    position: Number(record.position ?? 0),
    builtIn: record.builtIn === true,
    removed: record.removed === true,
  };
}

export function normalizeQueueRecord(record: Json): CustomQueueRecord {
  return {
    id: String(record.id ?? ''),
    name: String(record.name ?? ''),
    statuses: (record.statuses as CustomQueueRecord['statuses'] | undefined) ?? [],
    filter: (record.filter as Json | undefined) ?? {},
    roles: (record.roles as CustomQueueRecord['roles'] | undefined) ?? [],
    icon: (record.icon as string | null | undefined) ?? null,
    position: Number(record.position ?? 0),
  };
}

/** `label` is the input's, as the Admin reads it ("Roles that read it"). */
function checkRoles(
  value: unknown,
  path: string,
  label: string,
  problems: ConfigurationProblem[],
  atLeastOne: boolean,
) {
  if (!Array.isArray(value) || value.some((r) => !isRole(r)))
    problems.push({ path, message: `${label} is a list of roles: ${ROLES.join(', ')}.` });
  else if (atLeastOne && value.length === 0) problems.push({ path, message: `${label}: pick at least one role.` });
}

function checkField(raw: unknown, index: number, base: Registry, problems: ConfigurationProblem[]) {
  const at = (key: string) => `fields.${isObject(raw) && typeof raw.id === 'string' ? raw.id : index}${key}`;
  const problem = (key: string, message: string) => problems.push({ path: at(key), message });
  if (!isObject(raw)) return problem('', `fields[${index}] must be an object.`);
  const id = raw.id;
  const builtIns = overridableFields(base.orders!);
  const builtIn = builtIns.find((f) => f.source === id);
  const known = base.orders!.fields.some((f) => f.source === id) || id === 'id' || id === 'version';
  // A range field x filters as x_gte and x_lte: a key of that form, or one a built-in filter uses, would
  // shadow another filter.
  const clashes = typeof id === 'string' && (/_(gte|lte)$/.test(id) || listFilterKeys(base.orders!).has(id));
  if (raw.builtIn === true) {
    if (!builtIn) problem('.id', `${String(id)} is not a built-in field that can be changed.`);
  } else if (typeof id !== 'string' || !new RegExp(FIELD_KEY_PATTERN).test(id)) {
    problem('.id', 'A key is lower-case letters, digits and underscores, starting with a letter (at most 64).');
  } else if (known) {
    problem('.id', `${id} is the name of a built-in field: choose another key.`);
  } else if (clashes) {
    problem('.id', `${id} is, or ends like, the name of a list filter (_gte, _lte): choose another key.`);
  }
  if (!isTextOrNull(raw.label, LIMITS.labelLength))
    problem('.label', `label is one line of text of at most ${LIMITS.labelLength} characters, ${READABLE}.`);
  if (raw.builtIn !== true && (raw.label === undefined || raw.label === null || raw.label === ''))
    problem('.label', 'label is required.');
  if (!isTextOrNull(raw.labelFr, LIMITS.labelLength))
    problem('.labelFr', `labelFr is one line of text of at most ${LIMITS.labelLength} characters, ${READABLE}.`);
  if (!isLongText(raw.help, LIMITS.helpLength)) problem('.help', `help is at most ${LIMITS.helpLength} characters.`);
  // A field nobody reads is a removed one: removing says so and keeps it restorable.
  if (raw.readRoles !== undefined) checkRoles(raw.readRoles, at('.readRoles'), 'Roles that read it', problems, true);
  if (raw.editRoles !== undefined) checkRoles(raw.editRoles, at('.editRoles'), 'Roles that edit it', problems, false);
  for (const flag of ['required', 'column', 'columnDefault', 'filter', 'sortable', 'builtIn', 'removed'])
    if (raw[flag] !== undefined && typeof raw[flag] !== 'boolean') problem(`.${flag}`, `${flag} is true or false.`);
  if (raw.position !== undefined && !Number.isInteger(raw.position))
    problem('.position', 'position is a whole number.');
  const sections = (base.orders!.sections ?? []).map((s) => s.key);
  if (raw.section !== undefined && raw.section !== '' && !sections.includes(String(raw.section)))
    problem('.section', `section is one of: ${sections.join(', ')}.`);

  if (raw.builtIn === true) {
    const lock = typeof id === 'string' ? LOCKED_FIELDS[id] : undefined;
    const readers = Array.isArray(raw.readRoles) ? raw.readRoles : ROLES;
    const hiddenFrom = lock?.roles.filter((r) => !readers.includes(r)) ?? [];
    if (hiddenFrom.length)
      problem('.readRoles', `${englishLabel(builtIn!)} cannot be hidden from ${inWords(hiddenFrom)}: ${lock!.reason}`);
    return;
  }
  const type = raw.type as CustomFieldType;
  if (!CUSTOM_FIELD_TYPES.includes(type)) {
    problem('.type', `Unknown type ${JSON.stringify(raw.type)}: one of ${CUSTOM_FIELD_TYPES.join(', ')}.`);
    return;
  }
  const choices = raw.choices;
  if (type === 'choice') {
    if (!Array.isArray(choices) || choices.length === 0) problem('.choices', 'A choice field needs a list of choices.');
    else if (choices.length > LIMITS.choices)
      problem('.choices', `A choice field has at most ${LIMITS.choices} choices (this one has ${choices.length}).`);
    else if (choices.some((c) => !isText(c, LIMITS.choiceLength, 1)))
      problem('.choices', `Each choice is one line of text of 1 to ${LIMITS.choiceLength} characters, ${READABLE}.`);
    else if (new Set(choices).size !== choices.length) problem('.choices', 'The choices repeat one another.');
  } else if (choices !== undefined && choices !== null && !(Array.isArray(choices) && choices.length === 0)) {
    problem('.choices', 'Only a choice field has choices.');
  }
  if (!isNumberOrNull(raw.min)) problem('.min', 'min is a number.');
  if (!isNumberOrNull(raw.max)) problem('.max', 'max is a number.');
  if (typeof raw.min === 'number' && typeof raw.max === 'number' && raw.min > raw.max)
    problem('.max', 'max must not be below min.');
  if ((raw.min != null || raw.max != null) && !['number', 'text', 'longText'].includes(type))
    problem('.min', 'Only number and text fields have a min and a max.');
  if (raw.pattern != null && raw.pattern !== '') {
    if (type !== 'text')
      problem('.pattern', 'Only a text field has a pattern: clear the pattern first, or keep the type Text.');
    else if (typeof raw.pattern !== 'string' || !isLongText(raw.pattern, 500) || !isLinearPattern(raw.pattern))
      problem(
        '.pattern',
        'pattern is not a valid regular expression (RE2 syntax: no back-references nor look-arounds).',
      );
  }
  if (type === 'longText' && (raw.filter === true || raw.sortable === true))
    problem('.filter', 'A long text field cannot filter or sort: make it a text field.');
}

/** custom-<id> is a queue's address in the admin; custom-queues is already the Configuration list's. */
export const RESERVED_QUEUE_ID = 'queues';

/**
 * `removed`: the labels of the custom fields this configuration removes, by key; a queue still filtering on
 * one is told to take it out first (its key is no filter any more).
 */
function checkQueue(
  raw: unknown,
  index: number,
  fieldsOf: Registry,
  removed: Map<string, string>,
  problems: ConfigurationProblem[],
) {
  const at = (key: string) => `queues.${isObject(raw) && typeof raw.id === 'string' ? raw.id : index}${key}`;
  const problem = (key: string, message: string) => problems.push({ path: at(key), message });
  if (!isObject(raw)) return problem('', `queues[${index}] must be an object.`);
  if (typeof raw.id !== 'string' || !new RegExp(QUEUE_ID_PATTERN).test(raw.id))
    problem('.id', 'A queue id is lower-case letters, digits and hyphens (at most 57).');
  else if (raw.id === RESERVED_QUEUE_ID)
    problem(
      '.id',
      `A queue cannot be called "${RESERVED_QUEUE_ID}": custom-queues is the Configuration screen's address.`,
    );
  if (!isText(raw.name, LIMITS.labelLength, 1))
    problem('.name', `name is one line of text of 1 to ${LIMITS.labelLength} characters, ${READABLE}.`);
  if (!Array.isArray(raw.statuses) || raw.statuses.length === 0 || raw.statuses.some((s) => !STATUSES.includes(s)))
    problem('.statuses', `statuses is a list of one or more of: ${STATUSES.join(', ')}.`);
  checkRoles(raw.roles, at('.roles'), 'Roles', problems, true);
  if (!isTextOrNull(raw.icon, 64)) problem('.icon', 'icon is the name of an icon.');
  if (raw.position !== undefined && !Number.isInteger(raw.position))
    problem('.position', 'position is a whole number.');
  if (raw.filter !== undefined && !isObject(raw.filter))
    return problem('.filter', 'filter is an object, as a list filter.');
  const filter: Json = { ...raw.filter };
  for (const key of Object.keys(filter)) {
    const label = removed.get(key.replace(/_(gte|lte)$/, ''));
    if (label === undefined) continue;
    const name = typeof raw.name === 'string' ? raw.name : String(raw.id);
    problem(`.filter.${key}`, `${name} uses ${label}: take it out of that queue's filter first.`);
    delete filter[key];
  }
  checkListFilter(filter, fieldsOf.orders!, raw.roles, at('.filter'), problems);
}

/**
 * A list filter's keys and values against the orders' fields (a custom queue's filter, a rule's
 * conditions); `readers`, the roles shown who passes, must each read every field it names.
 */
export function checkListFilter(
  filter: Json,
  orders: Pick<ResourceDefinition, 'fields'>,
  readers: unknown,
  path: string,
  problems: ConfigurationProblem[],
) {
  const keys = listFilterKeys(orders);
  const problem = (key: string, message: string) => problems.push({ path: `${path}.${key}`, message });
  for (const [key, value] of Object.entries(filter)) {
    const accepted = RESERVED_FILTER_KEYS.includes(key) ? undefined : keys.get(key);
    if (!accepted) {
      problem(key, `The filter names ${key}, which is no field of orders: take it out of the filter.`);
      continue;
    }
    const values = Array.isArray(value) ? value : [value];
    const { field, op } = accepted;
    const label = `${englishLabel(field)}${op === 'gte' ? ' (from)' : op === 'lte' ? ' (to)' : ''}`;
    const shape = FILTER_VALUE_SHAPES[field.type];
    if (values.length === 0 || values.some((v) => v === null || typeof v === 'object'))
      problem(key, `The condition on ${label} needs a value.`);
    else if (Array.isArray(value) && op !== 'eq')
      problem(key, `The condition on ${label} takes one value, not a list.`);
    else if (field.choices && values.some((v) => !field.choices!.includes(String(v))))
      problem(key, `The condition on ${label} takes one of: ${field.choices.join(', ')}.`);
    else if (shape && values.some((v) => !shape.test(v)))
      problem(key, `The condition on ${label} takes ${shape.what}.`);
    // Who is in the queue tells the value: every role that opens it must read the fields it filters on.
    const blind = Array.isArray(readers) ? readers.filter((r) => isRole(r) && !mayReadField(field, r)) : [];
    if (blind.length)
      problem(
        key,
        `${inWords(blind)} may not read ${englishLabel(field)}: the queue would tell them its value. ` +
          `Let them read the field (Roles that read it), or take them off the queue.`,
      );
  }
}

const STORED_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/**
 * A queue filter's values by the field's type, as stored (the change path compares them with the stored
 * value, the rebuild in SQL): choices are checked by their list, other text by its length.
 */
const FILTER_VALUE_SHAPES: Partial<Record<string, { what: string; test: (value: unknown) => boolean }>> = {
  number: { what: 'a number', test: (v) => typeof v === 'number' && Number.isFinite(v) },
  id: { what: 'a whole number', test: (v) => Number.isInteger(v) },
  reference: { what: 'a whole number', test: (v) => Number.isInteger(v) },
  money: { what: 'a whole number', test: (v) => Number.isInteger(v) },
  boolean: { what: 'true or false', test: (v) => typeof v === 'boolean' },
  date: { what: 'a date (YYYY-MM-DD)', test: (v) => typeof v === 'string' && isIsoDate(v) },
  datetime: {
    what: 'a date (YYYY-MM-DD) or a UTC date and time (YYYY-MM-DD HH:mm:ss)',
    test: (v) => typeof v === 'string' && (isIsoDate(v) || (STORED_DATETIME.test(v) && parseIsoDateTime(v) === v)),
  },
  text: { what: `text of at most ${CUSTOM_TEXT_MAX} characters`, test: (v) => isText(v, CUSTOM_TEXT_MAX, 1) },
  email: { what: `text of at most ${CUSTOM_TEXT_MAX} characters`, test: (v) => isText(v, CUSTOM_TEXT_MAX, 1) },
};

/** The most problems an answer lists: enough to fix a document, and a bounded answer. */
export const MAX_PROBLEMS = 100;

/** Each value given more than once, once for each time it repeats. */
function repeated(values: unknown[]): unknown[] {
  const seen = new Set<unknown>();
  return values.filter((value) => seen.has(value) || !seen.add(value));
}

/**
 * Checks a configuration (an import's `fields` and `queues`, or the stored one with one record
 * changed) against the code's registry. Answers every problem, and the configuration as it would be
 * kept when there are none.
 */
export function checkConfiguration(
  document: unknown,
  base: Registry,
): { problems: ConfigurationProblem[]; configuration?: Configuration } {
  const problems: ConfigurationProblem[] = [];
  if (!isObject(document)) return { problems: [{ path: '', message: 'The configuration must be a JSON object.' }] };
  for (const key of Object.keys(document))
    if (!['version', 'fields', 'queues'].includes(key))
      problems.push({ path: key, message: `${key} is not part of a configuration.` });
  if (document.version !== undefined && document.version !== 1)
    problems.push({ path: 'version', message: 'version must be 1.' });
  const fields = document.fields ?? [];
  const queues = document.queues ?? [];
  if (!Array.isArray(fields)) problems.push({ path: 'fields', message: 'fields must be a list.' });
  if (!Array.isArray(queues)) problems.push({ path: 'queues', message: 'queues must be a list.' });
  if (problems.length || !Array.isArray(fields) || !Array.isArray(queues)) return { problems };

  // Counted before anything else: the checks below grow with the records, and a refusal names the limit alone.
  const custom = fields.filter((f) => !isObject(f) || f.builtIn !== true);
  const builtIns = fields.length - custom.length;
  const overridable = overridableFields(base.orders!).length;
  if (custom.length > LIMITS.customFields)
    problems.push({
      path: 'fields',
      message: `At most ${LIMITS.customFields} custom fields (removed ones count): this has ${custom.length}.`,
    });
  if (builtIns > overridable)
    problems.push({ path: 'fields', message: `At most ${overridable} built-in fields: this has ${builtIns}.` });
  if (queues.length > LIMITS.customQueues)
    problems.push({
      path: 'queues',
      message: `At most ${LIMITS.customQueues} custom queues: this has ${queues.length}.`,
    });
  if (problems.length) return { problems };

  fields.forEach((field, i) => checkField(field, i, base, problems));
  for (const id of repeated(fields.map((f) => (isObject(f) ? f.id : undefined))))
    problems.push({ path: `fields.${String(id)}.id`, message: `${String(id)} is used twice.` });
  for (const id of repeated(queues.map((q) => (isObject(q) ? q.id : undefined))))
    problems.push({ path: `queues.${String(id)}.id`, message: `${String(id)} is used twice.` });
  // Queues filter on the fields as they will be (a custom field of the same document counts); they are
  // checked even when some fields have problems, against the fields that can be read.
  const readable = fields.filter(
    (f): f is Json => isObject(f) && (f.builtIn === true || CUSTOM_FIELD_TYPES.includes(f.type as CustomFieldType)),
  );
  const configuration: Configuration = { fields: readable.map(normalizeFieldRecord), queues: [] };
  const withFields = effectiveRegistry(base, {
    fields: configuration.fields.filter((f) => f.builtIn || typeof f.id === 'string'),
    queues: [],
  });
  const removed = new Map(
    configuration.fields.filter((f) => f.removed && !f.builtIn).map((f) => [f.id, f.label ?? f.id]),
  );
  queues.forEach((queue, i) => checkQueue(queue, i, withFields, removed, problems));
  if (problems.length) return { problems: problems.slice(0, MAX_PROBLEMS) };
  configuration.queues = queues.map((q) => normalizeQueueRecord(q as Json));
  return { problems, configuration };
}
