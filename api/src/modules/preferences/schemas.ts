import { Type } from 'typebox';
import {
  PREFERENCE_KEY_MAX_LENGTH,
  PREFERENCE_KEY_PATTERN,
  ROLES,
  SINGLE_LINE_PATTERN,
  type PreferenceKind,
} from '@app/domain';

const Key = Type.String({
  minLength: 1,
  maxLength: PREFERENCE_KEY_MAX_LENGTH,
  pattern: PREFERENCE_KEY_PATTERN,
  errorMessage: 'key must be a preference key (letters, digits, dots, dashes or underscores).',
});
const RoleName = Type.Enum(ROLES as unknown as string[], { errorMessage: `role must be one of ${ROLES.join(', ')}.` });

export const KeyParams = Type.Object({ key: Key });
export const RoleParams = Type.Object({ role: RoleName });
export const RoleKeyParams = Type.Object({ role: RoleName, key: Key });

/** A preference as answered: the key, its value, and whose it is (the member's, the role's, or none left). */
export const PreferenceAnswer = Type.Object({
  id: Type.String(),
  value: Type.Unknown(),
  scope: Type.Union([Type.String(), Type.Null()]),
});

/** ra-data-simple-rest's update sends the whole record; only `value` is read. */
export const PreferenceBody = Type.Object({
  value: Type.Unknown({ errorMessage: { required: 'value is required' } }),
});

const ColumnName = Type.String({ minLength: 1, maxLength: 100 });
const ColumnRanks = Type.Array(Type.Integer({ minimum: 0, maximum: 999 }), { maxItems: 200 });
const HiddenColumns = Type.Array(ColumnName, { maxItems: 200 });

/**
 * What each kind of preference may hold (domain/preferences.ts). Saved queries are react-admin's
 * SavedQuery (filter, displayed filters, sort, page size) plus the columns shown when it was saved.
 */
export const PREFERENCE_VALUES = {
  columns: HiddenColumns,
  columnRanks: ColumnRanks,
  savedQueries: Type.Array(
    Type.Object({
      // Shown as a menu entry: one line, no control characters.
      label: Type.String({ minLength: 1, maxLength: 100, pattern: SINGLE_LINE_PATTERN }),
      value: Type.Object({
        filter: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
        displayedFilters: Type.Optional(Type.Unknown()),
        sort: Type.Optional(Type.Object({ field: Type.String({ maxLength: 100 }), order: Type.Enum(['ASC', 'DESC']) })),
        perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
        columns: Type.Optional(
          Type.Object({ hidden: Type.Optional(HiddenColumns), ranks: Type.Optional(ColumnRanks) }),
        ),
      }),
    }),
    { maxItems: 50 },
  ),
  sections: Type.Record(Type.String({ pattern: '^[A-Za-z0-9_-]{1,50}$' }), Type.Boolean(), { maxProperties: 50 }),
  // An IANA name ('America/New_York', 'UTC'); the admin falls back to the browser's zone for one it does not know.
  timeZone: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$' }),
} satisfies Record<PreferenceKind, unknown>;
