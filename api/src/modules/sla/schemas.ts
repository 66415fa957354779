import { Type, type TSchema } from 'typebox';
import { AUTOMATION_LIMITS } from '@app/domain';

/**
 * Bodies and answers of /api/sla-policies and /api/sla-report. Bodies check each property's kind and refuse
 * unknown ones; the rules of a policy (conditions, hours, actions) are domain checkSlaPolicy's, whose
 * problems name the field.
 */

const Json = (errorMessage: string) => Type.Object({}, { additionalProperties: true, errorMessage });
const optional = (properties: Record<string, TSchema>) =>
  Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, Type.Optional(schema)]));

const POLICY_FIELDS = {
  id: Type.Integer({ minimum: 1, maximum: 2 ** 31, errorMessage: 'id is a whole number.' }),
  position: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, errorMessage: 'position is a whole number.' }),
  conditions: Json('conditions is an object.'),
  warnAtPercent: Type.Integer({ errorMessage: 'warnAtPercent is a whole number.' }),
  pauseStatuses: Type.Array(Type.String({ maxLength: 32 }), {
    maxItems: 20,
    errorMessage: 'pauseStatuses is a list of statuses.',
  }),
  holidays: Type.Array(Type.String({ maxLength: 10 }), { maxItems: 400, errorMessage: 'holidays is a list of dates.' }),
  breachActions: Type.Array(Json('each breach action is an object.'), {
    maxItems: AUTOMATION_LIMITS.actions * 2,
    errorMessage: 'breachActions is a list of actions.',
  }),
};

export const PolicyBody = Type.Object(
  {
    name: Type.String({ maxLength: 1000, errorMessage: 'name is text.' }),
    targetMinutes: Type.Integer({ errorMessage: 'targetMinutes is a whole number of minutes.' }),
    businessHours: Json('businessHours is an object.'),
    ...optional(POLICY_FIELDS),
  },
  {
    propertyNames: Type.Enum(['name', 'targetMinutes', 'businessHours', ...Object.keys(POLICY_FIELDS)], {
      errorMessage: '{value} is not a field of this form.',
    }),
  },
);

export const PolicyAnswer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  position: Type.Integer(),
  conditions: Type.Object({}, { additionalProperties: true }),
  targetMinutes: Type.Integer(),
  warnAtPercent: Type.Integer(),
  pauseStatuses: Type.Array(Type.String()),
  businessHours: Type.Object({
    timeZone: Type.String(),
    days: Type.Array(Type.Integer()),
    start: Type.String(),
    end: Type.String(),
  }),
  holidays: Type.Array(Type.String()),
  breachActions: Type.Array(Type.Object({ type: Type.String() }, { additionalProperties: true })),
});

export const REPORT_GROUPS = ['queue', 'member', 'week'] as const;
const DATE = { pattern: '^\\d{4}-\\d{2}-\\d{2}$' };

/** The report's filter, as react-admin's list sends it: the days (UTC, both included) and the grouping. */
export const ReportQuery = Type.Object(
  {
    filter: Type.Optional(
      Type.Object(
        {
          from: Type.Optional(Type.String({ ...DATE, errorMessage: 'filter.from is a date, YYYY-MM-DD.' })),
          to: Type.Optional(Type.String({ ...DATE, errorMessage: 'filter.to is a date, YYYY-MM-DD.' })),
          by: Type.Optional(
            Type.Enum([...REPORT_GROUPS], { errorMessage: `filter.by is one of: ${REPORT_GROUPS.join(', ')}.` }),
          ),
        },
        {
          propertyNames: Type.Enum(['from', 'to', 'by'], { errorMessage: 'Unknown filter: {value}.' }),
          errorMessage: { type: 'filter must be a JSON object.' },
        },
      ),
    ),
    sort: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { minItems: 2, maxItems: 2 })),
    range: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 1_000_000 }), { minItems: 2, maxItems: 2 })),
  },
  { propertyNames: Type.Enum(['sort', 'range', 'filter'], { errorMessage: 'Unknown query parameter: {value}.' }) },
);

/** One group of the report: its breaches, and the orders finished in it with their time to finish. */
export const ReportRow = Type.Object({
  id: Type.String(),
  group: Type.String(),
  breaches: Type.Integer(),
  finished: Type.Integer(),
  finishedLate: Type.Integer(),
  averageFinishMinutes: Type.Union([Type.Integer(), Type.Null()]),
});
