import type { ReactElement, ReactNode } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import {
  BooleanInput,
  CheckboxGroupInput,
  FormDataConsumer,
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  regex,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useRecordContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import {
  CONFIGURATION_LIMITS,
  CUSTOM_FIELD_TYPES,
  DEFAULT_CUSTOM_SECTION,
  FIELD_KEY_PATTERN,
  ROLES,
  type OrderFieldRecord,
} from '@app/domain';
import { useResourceDefinition } from '../registry';
import type { OrderFieldRow } from './rows';
import { choicesOf } from '../shared/choices';

const T = 'resources.order-fields';
const ROLE_CHOICES = choicesOf(ROLES);

/** Choices are edited one per line and kept as a list. */
const choicesFromLines = (text: string | null) =>
  text == null
    ? null
    : text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
const linesFromChoices = (choices: string[] | null | undefined) => (choices ?? []).join('\n');

/** The API's rules on a choice list (domain/configuration/check.ts): some, at most 200, each once. */
const validChoices: Validator = (choices: string[] | null, values: Partial<OrderFieldRecord>) => {
  if (values.type !== 'choice') return undefined;
  if (!choices?.length) return `${T}.validation.choicesRequired`;
  if (choices.length > CONFIGURATION_LIMITS.choices)
    return { message: `${T}.validation.tooManyChoices`, args: { count: choices.length } };
  const twice = choices.find((choice, index) => choices.indexOf(choice) !== index);
  return twice ? { message: `${T}.validation.duplicateChoice`, args: { choice: twice } } : undefined;
};

const minNotAboveMax: Validator = (max: number | null, values: Partial<OrderFieldRecord>) =>
  max != null && values.min != null && values.min > max ? `${T}.validation.minMax` : undefined;

const validPattern: Validator = (pattern: string | null) => {
  if (!pattern) return undefined;
  try {
    new RegExp(pattern);
    return undefined;
  } catch {
    return `${T}.validation.pattern`;
  }
};

const atLeastOneRole: Validator = (roles: string[] | null) => (roles?.length ? undefined : `${T}.validation.oneRole`);

/** The roles a locked built-in field keeps, whatever the Admin unticks: the form says why. */
const keepsLockedRoles =
  (locked: OrderFieldRow['locked']): Validator =>
  (roles: string[] | null) =>
    locked && locked.roles.some((role) => !roles?.includes(role))
      ? { message: `${T}.locked`, args: { roles: locked.roles.join(', '), reason: locked.reason } }
      : undefined;

const VALIDATE = {
  id: [required(), regex(new RegExp(FIELD_KEY_PATTERN), `${T}.validation.key`)],
  label: [required(), maxLength(CONFIGURATION_LIMITS.labelLength)],
  optionalLabel: [maxLength(CONFIGURATION_LIMITS.labelLength)],
  help: [maxLength(CONFIGURATION_LIMITS.helpLength)],
  type: [required()],
  choices: [validChoices],
  max: [minNotAboveMax],
  pattern: [validPattern],
  readRoles: [atLeastOneRole],
  position: [required(), minValue(0), maxValue(1_000_000)],
  // A new field left without a position goes last (the API's last + 10).
  newPosition: [minValue(0), maxValue(1_000_000)],
};

/** The order page's sections, by their titles. */
function useSectionChoices() {
  const translate = useTranslate();
  const orders = useResourceDefinition('orders');
  return (orders?.sections ?? []).map((section) => ({
    id: section.key,
    name: translate(`resources.orders.sections.${section.key}`, { _: section.key }),
  }));
}

/** Inputs side by side on wide screens (each at least `basis` wide), one above the other on phones. */
const Row = ({ children, basis = 220 }: { children: ReactNode; basis?: number }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, width: '100%', '& > *': { flex: `1 1 ${basis}px` } }}>
    {children}
  </Box>
);

/** What a custom field is: every property its record has. */
function CustomFieldInputs({ adding }: { adding: boolean }) {
  const translate = useTranslate();
  const sections = useSectionChoices();
  const typeChoices = CUSTOM_FIELD_TYPES.map((type) => ({ id: type, name: translate(`${T}.types.${type}`) }));
  return (
    <>
      <Row>
        <TextInput source="id" validate={VALIDATE.id} disabled={!adding} helperText={`${T}.help.id`} />
        <SelectInput source="type" choices={typeChoices} validate={VALIDATE.type} />
      </Row>
      <Row>
        <TextInput source="label" validate={VALIDATE.label} />
        <TextInput source="labelFr" validate={VALIDATE.optionalLabel} />
      </Row>
      <FormDataConsumer<OrderFieldRecord>>
        {({ formData }) => (
          <>
            {formData.type === 'choice' && (
              <TextInput
                source="choices"
                multiline
                minRows={3}
                fullWidth
                format={linesFromChoices}
                parse={choicesFromLines}
                validate={VALIDATE.choices}
                helperText={`${T}.help.choices`}
              />
            )}
            {['number', 'text', 'longText'].includes(formData.type) && (
              <Row>
                <NumberInput source="min" helperText={`${T}.help.min`} />
                <NumberInput source="max" validate={VALIDATE.max} helperText={`${T}.help.max`} />
              </Row>
            )}
            {formData.type === 'text' && (
              <TextInput source="pattern" validate={VALIDATE.pattern} helperText={`${T}.help.pattern`} fullWidth />
            )}
          </>
        )}
      </FormDataConsumer>
      <TextInput source="help" multiline fullWidth validate={VALIDATE.help} />
      <BooleanInput source="required" />
      <CheckboxGroupInput source="readRoles" choices={ROLE_CHOICES} validate={VALIDATE.readRoles} />
      <CheckboxGroupInput source="editRoles" choices={ROLE_CHOICES} />
      <Row basis={150}>
        <BooleanInput source="column" />
        {/* Whether a column shows by default means something only for a column. */}
        <FormDataConsumer<OrderFieldRecord>>
          {({ formData }) =>
            formData.column ? <BooleanInput source="columnDefault" helperText={`${T}.help.columnDefault`} /> : null
          }
        </FormDataConsumer>
        <BooleanInput source="filter" />
        <BooleanInput source="sortable" />
      </Row>
      <Row>
        <SelectInput source="section" choices={sections} />
        <NumberInput
          source="position"
          validate={adding ? VALIDATE.newPosition : VALIDATE.position}
          helperText={adding ? `${T}.help.newPosition` : `${T}.help.position`}
        />
      </Row>
    </>
  );
}

/** "Default: …" under an overridable input of a built-in field. */
function useDefaultText() {
  const translate = useTranslate();
  return (value: unknown) =>
    translate(`${T}.defaultValue`, {
      value: Array.isArray(value)
        ? value.join(', ')
        : typeof value === 'boolean'
          ? translate(value ? 'ra.boolean.true' : 'ra.boolean.false')
          : String(value ?? ''),
    });
}

/**
 * What an Admin may change on a built-in field: its labels, who reads it, whether its column shows by
 * default, its section and position; each with the code's default under it. A field the code acts on
 * keeps some readers, and the form says why.
 */
function BuiltInFieldInputs({ field }: { field: OrderFieldRow }) {
  const translate = useTranslate();
  const sections = useSectionChoices();
  const defaultText = useDefaultText();
  const defaults: Partial<NonNullable<OrderFieldRow['defaults']>> = field.defaults ?? {};
  const defaultLabel = defaults.labelKey
    ? translate(defaults.labelKey, { _: field.id })
    : translate(`${T}.defaultLabel`);
  const sectionName = (key: string | undefined) =>
    key ? translate(`resources.orders.sections.${key}`, { _: key }) : '';
  return (
    <>
      <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
        {translate(`${T}.builtInNote`)}
      </Alert>
      <Row>
        <TextInput source="id" disabled />
        <TextInput source="type" disabled />
      </Row>
      <Row>
        <TextInput source="label" validate={VALIDATE.optionalLabel} helperText={defaultText(defaultLabel)} />
        <TextInput source="labelFr" validate={VALIDATE.optionalLabel} helperText={defaultText(defaultLabel)} />
      </Row>
      {field.locked && (
        <Alert severity="warning" sx={{ mb: 1, width: '100%' }} data-testid="locked-reason">
          <Typography variant="subtitle2" component="p">
            {translate(`${T}.lockedTitle`)}
          </Typography>
          {translate(`${T}.locked`, { roles: field.locked.roles.join(', '), reason: field.locked.reason })}
        </Alert>
      )}
      <CheckboxGroupInput
        source="readRoles"
        choices={ROLE_CHOICES}
        validate={[atLeastOneRole, keepsLockedRoles(field.locked)]}
        helperText={defaults.readRoles ? defaultText(defaults.readRoles) : undefined}
      />
      {field.column && (
        <BooleanInput
          source="columnDefault"
          helperText={defaults.columnDefault !== undefined ? defaultText(defaults.columnDefault) : undefined}
        />
      )}
      <Row>
        {field.section ? (
          <SelectInput
            source="section"
            choices={sections}
            validate={required()}
            helperText={defaultText(sectionName(defaults.section))}
          />
        ) : null}
        <NumberInput
          source="position"
          validate={VALIDATE.position}
          helperText={defaults.position !== undefined ? defaultText(defaults.position) : `${T}.help.position`}
        />
      </Row>
    </>
  );
}

/** A new custom field's values before the Admin changes them. */
export const NEW_FIELD: Partial<OrderFieldRecord> = {
  type: 'text',
  readRoles: [...ROLES],
  // Whoever adds a field may fill it in; other roles are ticked by choice.
  editRoles: ['Admin'],
  required: false,
  column: false,
  columnDefault: true,
  filter: false,
  sortable: false,
  section: DEFAULT_CUSTOM_SECTION,
  builtIn: false,
  removed: false,
};

/**
 * A custom field as the API takes it: a pattern only with the type Text (the form shows the Pattern input
 * for a text field only, so a type change drops a pattern it no longer shows).
 */
export const fieldRecordOf = <R extends Partial<OrderFieldRecord>>(field: R): R =>
  field.builtIn || field.type === 'text' || !field.pattern ? field : { ...field, pattern: null };

/**
 * The order field form (Create and Edit): all of a custom field, or a built-in field's overrides.
 * Validators follow the API's rules so that a mistake shows at its input before the save.
 */
export function OrderFieldForm({ adding = false, toolbar }: { adding?: boolean; toolbar?: ReactElement }) {
  const field = useRecordContext<OrderFieldRow>();
  const translate = useTranslate();
  return (
    <SimpleForm
      defaultValues={adding ? NEW_FIELD : undefined}
      toolbar={toolbar}
      sx={{ maxWidth: 760 }}
      data-testid="order-field-form"
    >
      {field?.removed && (
        <Alert severity="warning" sx={{ mb: 2, width: '100%' }}>
          {translate(`${T}.removedNote`)}
        </Alert>
      )}
      {field?.builtIn ? <BuiltInFieldInputs field={field} /> : <CustomFieldInputs adding={adding} />}
    </SimpleForm>
  );
}
