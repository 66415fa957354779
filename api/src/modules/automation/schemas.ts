import { Type, type TProperties } from 'typebox';
import { AUTOMATION_LIMITS } from '@app/domain';

/**
 * Bodies and answers of automation's endpoints. They check each property's kind and refuse unknown
 * ones; the rules of a rule or a macro (triggers, conditions, actions) are domain checkRule's and
 * checkMacro's, whose problems name the field.
 */

const object = (properties: TProperties, required: string[]) =>
  Type.Object(
    Object.fromEntries(
      Object.entries(properties).map(([key, schema]) => [key, required.includes(key) ? schema : Type.Optional(schema)]),
    ),
    { propertyNames: Type.Enum(Object.keys(properties), { errorMessage: '{value} is not a field of this form.' }) },
  );

const Json = Type.Object({}, { additionalProperties: true });
const Actions = Type.Array(Json, {
  maxItems: AUTOMATION_LIMITS.actions * 2,
  errorMessage: 'actions is a list of actions.',
});
const Id = Type.Integer({ minimum: 1, maximum: 2 ** 31, errorMessage: 'id is a whole number.' });

export const RuleBody = object(
  {
    id: Id,
    name: Type.String({ maxLength: 1000, errorMessage: 'name is text.' }),
    enabled: Type.Boolean({ errorMessage: 'enabled is true or false.' }),
    trigger: { ...Json, errorMessage: 'trigger is an object.' },
    conditions: { ...Json, errorMessage: 'conditions is an object.' },
    actions: Actions,
    position: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, errorMessage: 'position is a whole number.' }),
  },
  ['name', 'trigger', 'actions'],
);

export const MacroBody = object(
  {
    id: Id,
    name: Type.String({ maxLength: 1000, errorMessage: 'name is text.' }),
    roles: Type.Array(Type.String({ maxLength: 20 }), { maxItems: 20, errorMessage: 'roles is a list of roles.' }),
    actions: Actions,
  },
  ['name', 'roles', 'actions'],
);

export { IdParams } from '../../core/recordRoutes.js';

export const MacroRunParams = Type.Object({
  id: Type.Integer({ minimum: 1, errorMessage: 'id must be an order id.' }),
  macroId: Type.Integer({ minimum: 1, maximum: 2 ** 31, errorMessage: 'macroId is a whole number.' }),
});
export const MacroRunBody = Type.Object({
  version: Type.Integer({
    minimum: 0,
    maximum: 2_147_483_647,
    errorMessage: {
      type: 'version must be a whole number.',
      required: 'version is required: the version of the order you see.',
    },
  }),
});

export { ListQuery } from '../../core/listAnswer.js';

const Action = Type.Object({ type: Type.String() }, { additionalProperties: true });

export const RuleAnswer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  enabled: Type.Boolean(),
  trigger: Type.Object({}, { additionalProperties: true }),
  conditions: Type.Object({}, { additionalProperties: true }),
  actions: Type.Array(Action),
  position: Type.Integer(),
});

export const MacroAnswer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  roles: Type.Array(Type.String()),
  actions: Type.Array(Action),
});

const DoneAction = Type.Object({ type: Type.String(), done: Type.Boolean(), note: Type.Optional(Type.String()) });

export const RunAnswer = Type.Object({
  id: Type.Integer(),
  rule: Type.Union([Type.Integer(), Type.Null()]),
  macro: Type.Union([Type.Integer(), Type.Null()]),
  order: Type.Integer(),
  when: Type.String(),
  actions: Type.Array(DoneAction),
  error: Type.Union([Type.String(), Type.Null()]),
});

export const DryRunAnswer = Type.Object({ count: Type.Integer(), ids: Type.Array(Type.Integer()) });

export const MacroChoices = Type.Object({
  status: Type.Integer(),
  message: Type.String(),
  data: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});

export const MacroRunAnswer = Type.Object({
  status: Type.Integer(),
  message: Type.String(),
  data: Type.Array(DoneAction),
});
