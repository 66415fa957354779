import { Type, type TProperties, type TSchema } from 'typebox';
import {
  EMAIL_PATTERN,
  MAX_PAGE_SIZE,
  MESSAGES,
  SINGLE_LINE_PATTERN,
  type FieldDefinition,
  type FieldType,
  type ResourceDefinition,
  type ValidationRule,
} from '@app/domain';

/**
 * The API's schemas of a resource, generated from its registry entry (domain/src/registry): the list
 * query of GET /api/<name> (which sorts, filters and values it takes), the bodies of create and update
 * (its 'form' fields and their `validate` rules) and a record as answered. Nothing here names a field:
 * a field added to the registry is accepted, checked and refused by name with no code change.
 *
 * A schema's `errorMessage` (one text, or one per keyword) is what the error handler answers
 * (plugins/errors.ts); `{value}` in it stands for the value that failed.
 */

/** The most values one `eq` filter may list (react-admin's getMany sends the ids it needs). */
const MAX_IN = MAX_PAGE_SIZE;
/** Longest value of a one-line text (a VARCHAR(191), the longest MySQL indexes whole in utf8mb4). */
const MAX_TEXT = 191;
/** Longest value of a field whose rules set no maxLength, by type. */
const DEFAULT_MAX_LENGTH: Partial<Record<FieldType, number>> = { longtext: 65_535, password: 200 };
/** A date, or a date and time (UTC unless it gives its offset): what a range filter on a datetime takes. */
const DATE_OR_DATETIME = '^\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:?\\d{2})?)?$';
const SORT_SHAPE = 'sort must be ["field","ASC" or "DESC"].';
const RANGE_SHAPE = 'range must be [start, end], whole numbers with start <= end.';

/** The keywords a value fails by its type rather than by a rule of the registry. */
const TYPE_KEYWORDS = ['type', 'enum', 'format', 'pattern', 'minimum', 'maxLength'] as const;
const sameForEach = (keywords: readonly string[], message: string | undefined) =>
  Object.fromEntries(keywords.map((keyword) => [keyword, message]));

/** Leaves out the options that are not set (a JSON schema keyword must not be undefined). */
const defined = <T extends object>(options: T): T =>
  Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as T;

export type FilterOp = 'eq' | 'gte' | 'lte' | 'prefix';

/** react-admin names every record's id `id`: the field it stands for, or the field of that source. */
export const fieldNamed = (resource: Pick<ResourceDefinition, 'fields' | 'idField'>, source: string) =>
  resource.fields.find((f) => f.source === (source === 'id' ? resource.idField : source));

/** The filter keys a resource takes, each with its field and operator: `id`, and each field's by its FilterKind. */
export function filterKeys(resource: Pick<ResourceDefinition, 'fields' | 'idField'>) {
  const keys = new Map<string, { field: FieldDefinition; op: FilterOp }>();
  const idField = fieldNamed(resource, 'id');
  if (idField) keys.set('id', { field: idField, op: 'eq' });
  for (const field of resource.fields) {
    if (field.filter === 'eq' || field.filter === 'prefix') keys.set(field.source, { field, op: field.filter });
    if (field.filter === 'range') {
      keys.set(`${field.source}_gte`, { field, op: 'gte' });
      keys.set(`${field.source}_lte`, { field, op: 'lte' });
    }
  }
  return keys;
}

/** One value of a filter on `field` under `key`, refused with a sentence naming the filter. */
function filterValueSchema(field: FieldDefinition, key: string): TSchema {
  const refuse = (what: string) => ({ errorMessage: sameForEach(TYPE_KEYWORDS, `Filter ${key} must be ${what}.`) });
  switch (field.type) {
    case 'number':
      // A custom number field keeps decimals.
      return field.custom ? Type.Number(refuse('a number')) : Type.Integer(refuse('a whole number'));
    case 'id':
    case 'money':
    case 'reference':
      return Type.Integer(refuse('a whole number'));
    case 'boolean':
      return Type.Boolean(refuse('true or false'));
    case 'date':
      return Type.String({ format: 'date', ...refuse('a date (YYYY-MM-DD)') });
    case 'datetime':
      return Type.String({ maxLength: 40, pattern: DATE_OR_DATETIME, ...refuse('a date or a date and time') });
    case 'select':
    case 'status':
      return Type.Enum([...(field.choices ?? [])], refuse(`one of: ${(field.choices ?? []).join(', ')}`));
    default:
      return Type.String({ maxLength: MAX_TEXT, ...refuse(`text of at most ${MAX_TEXT} characters`) });
  }
}

/**
 * GET /api/<name>'s query once its JSON is read: `sort` a sortable field and a direction, `range` two
 * whole numbers, `filter` only the resource's filter keys, each with a value of its field's type (an
 * `eq` filter one value or a list: IN) and the filters the resource requires. Anything else is refused,
 * naming it.
 */
export function listQuerySchema(resource: ResourceDefinition) {
  const required = new Set(resource.requiredFilters ?? []);
  const keys = filterKeys(resource);
  const filters: TProperties = {};
  for (const [key, { field, op }] of keys) {
    const value = filterValueSchema(field, key);
    const schema =
      op === 'eq'
        ? Type.Union(
            [
              value,
              Type.Array(value, {
                maxItems: MAX_IN,
                errorMessage: { maxItems: `Filter ${key} takes at most ${MAX_IN} values.` },
              }),
            ],
            {
              errorMessage: { required: `Filter ${key} is required.` },
            },
          )
        : value;
    filters[key] = required.has(key) ? schema : Type.Optional(schema);
  }
  const filter = Type.Object(filters, {
    propertyNames: Type.Enum([...keys.keys()], { errorMessage: 'Unknown filter: {value}.' }),
    errorMessage: {
      type: 'filter must be a JSON object.',
      required: `Filter ${[...required].join(' and ')} is required.`,
    },
  });
  const sortable = resource.fields.filter((f) => f.sortable).map((f) => f.source);
  if (fieldNamed(resource, 'id')?.sortable && !sortable.includes('id')) sortable.push('id');
  const sort = Type.Tuple(
    [
      Type.Enum(sortable, { errorMessage: { enum: 'Cannot sort by {value}.', type: SORT_SHAPE } }),
      Type.Enum(['ASC', 'DESC', 'asc', 'desc'], { errorMessage: SORT_SHAPE }),
    ],
    { errorMessage: SORT_SHAPE },
  );
  const bound = Type.Integer({ minimum: 0, errorMessage: RANGE_SHAPE });
  return Type.Object(
    {
      sort: Type.Optional(sort),
      range: Type.Optional(Type.Tuple([bound, bound], { errorMessage: RANGE_SHAPE })),
      filter: required.size ? filter : Type.Optional(filter),
    },
    {
      propertyNames: Type.Enum(['sort', 'range', 'filter'], { errorMessage: 'Unknown query parameter: {value}.' }),
      description: 'sort, range and filter as JSON, in the conventions of ra-data-simple-rest.',
    },
  );
}

/** The text of MESSAGES (docs/product.md#messages) a field's rule fails with: its own, or the field's message. */
function messageOf(field: FieldDefinition, rule?: ValidationRule): string | undefined {
  const rules = field.validate;
  const key = (rule && rules?.messages?.[rule]) ?? rules?.message;
  return key && key in MESSAGES ? MESSAGES[key as keyof typeof MESSAGES] : undefined;
}

/** Whether a form field must be given: `required` true on every write, 'create' only when adding. */
export const isRequired = (field: FieldDefinition, verb: 'create' | 'update') =>
  field.validate?.required === true || (field.validate?.required === 'create' && verb === 'create');

/** The value of a form field: its type, and its `validate` rules, each failing with its message. */
function inputSchema(field: FieldDefinition, verb: 'create' | 'update'): TSchema {
  const rules = field.validate ?? {};
  const required = isRequired(field, verb);
  const typeMessage = messageOf(field);
  const errorMessage = defined({ required: messageOf(field, 'required'), ...sameForEach(TYPE_KEYWORDS, typeMessage) });
  const number = { minimum: field.type === 'number' || field.type === 'money' ? undefined : 1, errorMessage };
  switch (field.type) {
    case 'id':
    case 'reference':
    case 'number':
      return Type.Integer(defined(number));
    case 'money':
      return Type.Number(defined(number));
    case 'boolean':
      return Type.Boolean({ errorMessage });
    case 'select':
    case 'status':
      return Type.Enum([...(field.choices ?? [])], { errorMessage });
    case 'date':
    case 'datetime':
      return Type.String({ format: field.type === 'date' ? 'date' : 'date-time', errorMessage });
  }
  const email = rules.email || field.type === 'email';
  const pattern = rules.pattern ?? (email ? EMAIL_PATTERN : field.type === 'text' ? SINGLE_LINE_PATTERN : undefined);
  const minLength = rules.minLength ?? (required ? 1 : undefined);
  const text = Type.String(
    defined({
      minLength,
      maxLength: rules.maxLength ?? DEFAULT_MAX_LENGTH[field.type] ?? MAX_TEXT,
      pattern,
      errorMessage: defined({
        ...errorMessage,
        minLength: messageOf(field, rules.minLength === undefined ? 'required' : 'minLength'),
        maxLength: messageOf(field, 'maxLength'),
        pattern: rules.pattern
          ? messageOf(field, 'pattern')
          : email
            ? messageOf(field, 'email')
            : `${field.source} must be one line of text, without control characters.`,
      }),
    }),
  );
  // A field that may be left out may also come empty (an edit keeps the current password).
  return required || minLength === undefined ? text : Type.Union([text, Type.Literal(''), Type.Null()]);
}

/** The properties of a create or update body: the fields placed on 'form', required as their rules say. */
export function formProperties(resource: ResourceDefinition, verb: 'create' | 'update'): TProperties {
  return Object.fromEntries(
    resource.fields
      .filter((f) => f.places.includes('form'))
      .map((f) => [f.source, isRequired(f, verb) ? inputSchema(f, verb) : Type.Optional(inputSchema(f, verb))]),
  );
}

/**
 * POST /api/<name> (create) or PUT /api/<name>/:id (update): the form's fields. An update may also
 * carry back the rest of the record as react-admin read it (its id and read-only fields), ignored;
 * any other property is refused by name.
 */
export function bodySchema(resource: ResourceDefinition, verb: 'create' | 'update') {
  const properties = formProperties(resource, verb);
  if (verb === 'update') {
    for (const source of ['id', ...resource.fields.map((f) => f.source)])
      properties[source] ??= Type.Optional(Type.Unknown());
  }
  return Type.Object(properties, {
    propertyNames: Type.Enum(Object.keys(properties), { errorMessage: '{value} is not a field of this form.' }),
  });
}

/** A readable field's value in an answer (null when not set). */
function valueSchema(field: FieldDefinition): TSchema {
  switch (field.type) {
    case 'id':
    case 'reference':
    case 'number':
      return Type.Integer();
    case 'money':
      return Type.Number();
    case 'boolean':
      return Type.Boolean();
    default:
      return Type.String();
  }
}

/**
 * A record as answered: the readable fields of the resource, nothing else (a response schema drops
 * every other property, a password hash above all). The id and the required fields are never null.
 */
export function recordSchema(resource: ResourceDefinition) {
  return Type.Object(
    Object.fromEntries(
      resource.fields
        .filter((f) => f.type !== 'password')
        .map((f) => [
          f.source,
          f.source === resource.idField || isRequired(f, 'update')
            ? valueSchema(f)
            : Type.Union([valueSchema(f), Type.Null()]),
        ]),
    ),
  );
}
