import { Type, type TProperties, type TSchema } from 'typebox';
import { CONFIGURATION_LIMITS, CUSTOM_FIELD_TYPES, ROLES } from '@app/domain';

/**
 * The bodies and queries of the configuration's endpoints. They check each property's kind (text, a
 * list of roles, true or false) and refuse properties no record has; the rules of a configuration
 * (limits, keys, choices, filters, locked fields) are checkConfiguration's, which an import shares.
 */

/** A value or null; bodies are checked without type coercion (core/validators.ts), so a 0 stays 0. */
const orNull = (schema: TSchema, message: string, name = message.split(' ')[0]) =>
  Type.Union([Type.Null({ errorMessage: message }), { ...schema, errorMessage: message }], {
    errorMessage: { anyOf: message, required: `${name} is required.` },
  });
const text = (name: string, max: number) =>
  orNull(Type.String({ maxLength: max }), `${name} is text of at most ${max} characters, or null.`);
const flag = (name: string) => Type.Boolean({ errorMessage: `${name} is true or false.` });
const roles = (name: string) =>
  Type.Array(Type.String({ maxLength: 20 }), {
    maxItems: ROLES.length * 2,
    errorMessage: `${name} is a list of roles: ${ROLES.join(', ')}.`,
  });
/** Lists are bounded here only against abuse: their limits are the configuration's rules, with their own messages. */
const MAX_LIST = 10_000;

/** Refuses any property a record does not have, by name. */
const record = (properties: TProperties, required: string[] = []) =>
  Type.Object(
    Object.fromEntries(
      Object.entries(properties).map(([key, schema]) => [key, required.includes(key) ? schema : Type.Optional(schema)]),
    ),
    { propertyNames: Type.Enum(Object.keys(properties), { errorMessage: '{value} is not a field of this form.' }) },
  );

const Id = (what: string) =>
  Type.String({ minLength: 1, maxLength: 64, errorMessage: `${what} is text of 1 to 64 characters.` });

/** A record of /api/order-fields as sent (react-admin sends back what it read, `defaults` and `locked` too). */
const fieldProperties: TProperties = {
  id: Id('id'),
  label: text('label', CONFIGURATION_LIMITS.labelLength),
  labelFr: text('labelFr', CONFIGURATION_LIMITS.labelLength),
  type: Type.String({ maxLength: 40, errorMessage: `type is one of: ${CUSTOM_FIELD_TYPES.join(', ')}.` }),
  choices: orNull(
    Type.Array(Type.String({ maxLength: 1000 }), { maxItems: MAX_LIST }),
    'choices is a list of texts, or null.',
  ),
  help: text('help', CONFIGURATION_LIMITS.helpLength),
  required: flag('required'),
  min: orNull(Type.Number(), 'min is a number, or null.'),
  max: orNull(Type.Number(), 'max is a number, or null.'),
  pattern: text('pattern', 500),
  readRoles: roles('readRoles'),
  editRoles: roles('editRoles'),
  column: flag('column'),
  columnDefault: flag('columnDefault'),
  filter: flag('filter'),
  sortable: flag('sortable'),
  section: Type.String({ maxLength: 64, errorMessage: 'section is the key of an order-page section.' }),
  position: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, errorMessage: 'position is a whole number.' }),
  builtIn: flag('builtIn'),
  removed: flag('removed'),
  defaults: Type.Unknown(),
  locked: Type.Unknown(),
};
/** A new record's position may be left empty (null, as a cleared number input sends it): it goes last. */
const newPosition = orNull(
  Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }),
  'position is a whole number, or null to go last.',
);
export const FieldCreateBody = record({ ...fieldProperties, position: newPosition }, ['id', 'label', 'type']);
export const FieldUpdateBody = record(fieldProperties);

/** A record of /api/custom-queues as sent. */
const queueProperties: TProperties = {
  id: Id('id'),
  name: Type.String({ maxLength: 200, errorMessage: 'name is text.' }),
  statuses: Type.Array(Type.String({ maxLength: 40 }), {
    maxItems: 100,
    errorMessage: 'statuses is a list of statuses.',
  }),
  filter: Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), {
    maxProperties: 100,
    errorMessage: 'filter is an object, as a list filter.',
  }),
  roles: roles('roles'),
  icon: text('icon', 64),
  position: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, errorMessage: 'position is a whole number.' }),
};
export const QueueCreateBody = record({ ...queueProperties, position: newPosition }, ['name', 'statuses', 'roles']);
export const QueueUpdateBody = record(queueProperties);

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

/**
 * ra-data-simple-rest's list query of the two resources, its JSON read: sort, range and a filter by
 * id (one or a list: getMany), builtIn or removed.
 */
const RANGE_SHAPE = 'range must be [start, end], whole numbers with start <= end.';
const bound = Type.Integer({ minimum: 0, maximum: 1_000_000, errorMessage: RANGE_SHAPE });
const sortShape = (sortable: string[]) =>
  `sort must be [field, direction]: a field of ${sortable.map((s) => `"${s}"`).join(', ')}, "ASC" or "DESC".`;
export const listQuery = (sortable: string[], filters: TProperties) =>
  Type.Object(
    {
      sort: Type.Optional(
        Type.Tuple(
          [
            Type.Enum(sortable, { errorMessage: { enum: 'Cannot sort by {value}.', type: sortShape(sortable) } }),
            Type.Enum(['ASC', 'DESC', 'asc', 'desc'], { errorMessage: sortShape(sortable) }),
          ],
          { errorMessage: sortShape(sortable) },
        ),
      ),
      range: Type.Optional(Type.Tuple([bound, bound], { errorMessage: RANGE_SHAPE })),
      filter: Type.Optional(
        Type.Object(Object.fromEntries(Object.entries(filters).map(([key, schema]) => [key, Type.Optional(schema)])), {
          propertyNames: Type.Enum(Object.keys(filters), { errorMessage: 'Unknown filter: {value}.' }),
          errorMessage: { type: 'filter must be a JSON object.' },
        }),
      ),
    },
    {
      propertyNames: Type.Enum(['sort', 'range', 'filter'], { errorMessage: 'Unknown query parameter: {value}.' }),
    },
  );

const IdFilter = Type.Union([Id('Filter id'), Type.Array(Id('Filter id'), { maxItems: 1000 })], {
  errorMessage: 'Filter id must be an id or a list of ids.',
});
export const FieldListQuery = listQuery(['position', 'id', 'label'], {
  id: IdFilter,
  builtIn: Type.Boolean({ errorMessage: 'Filter builtIn must be true or false.' }),
  removed: Type.Boolean({ errorMessage: 'Filter removed must be true or false.' }),
});
export const QueueListQuery = listQuery(['position', 'id', 'name'], { id: IdFilter });

/** POST /api/configuration/import: a document's parts are checked by checkConfiguration, every problem at once. */
export const ImportQuery = Type.Object(
  { dryRun: Type.Optional(Type.Boolean({ errorMessage: 'dryRun must be true or false.' })) },
  { propertyNames: Type.Enum(['dryRun'], { errorMessage: 'Unknown query parameter: {value}.' }) },
);
export const ImportBody = Type.Object(
  {
    version: Type.Optional(Type.Unknown()),
    fields: Type.Array(Type.Unknown(), { maxItems: MAX_LIST, errorMessage: 'fields must be a list.' }),
    queues: Type.Array(Type.Unknown(), { maxItems: MAX_LIST, errorMessage: 'queues must be a list.' }),
  },
  { errorMessage: { type: 'The configuration must be a JSON object.' } },
);
