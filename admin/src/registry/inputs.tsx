import type { ReactElement } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  DateInput,
  DateTimeInput,
  email,
  maxLength,
  maxValue,
  minLength,
  minValue,
  NumberInput,
  PasswordInput,
  ReferenceInput,
  required,
  SearchInput,
  SelectInput,
  TextInput,
  useTranslate,
  useTranslateLabel,
  type Validator,
} from 'react-admin';
import { statusLabel, type FieldDefinition, type FieldValidation, type ValidationRule } from '@app/domain';
import type { Registry, ResourceFields } from './useRegistry';
import { fieldLabel } from './columns';

/** Which form a field is edited in: a rule may hold only when adding (`required: 'create'`). */
export type FormMode = 'create' | 'edit';

/** The catalogue key of the message a rule fails with: its own, else the field's (the old system's wording). */
const messageOf = (rules: FieldValidation, rule: ValidationRule) => {
  const key = rules.messages?.[rule] ?? rules.message;
  return key ? `app.validation.${key}` : undefined;
};

/**
 * A pattern as the browser's RegExp, for a hint while typing: the server checks it with RE2, whose
 * syntax differs a little (`(?i)`, `\pL`); a pattern this browser cannot read gets no hint.
 */
function browserPattern(pattern: string): RegExp | undefined {
  try {
    return new RegExp(`^(?:${pattern})$`);
  } catch {
    return undefined;
  }
}

/**
 * react-admin validators from a field's rules, each failing with the rule's catalogue message when the
 * registry names one, else react-admin's own.
 */
export function validatorsFor(field: FieldDefinition, mode: FormMode = 'edit'): Validator[] {
  const rules = field.validate;
  if (!rules) return [];
  const validators: Validator[] = [];
  if (rules.required === true || (rules.required === 'create' && mode === 'create'))
    validators.push(required(messageOf(rules, 'required')));
  if (rules.minLength !== undefined) validators.push(minLength(rules.minLength, messageOf(rules, 'minLength')));
  if (rules.maxLength !== undefined) validators.push(maxLength(rules.maxLength, messageOf(rules, 'maxLength')));
  if (rules.email) validators.push(email(messageOf(rules, 'email')));
  const hint = rules.pattern ? browserPattern(rules.pattern) : undefined;
  // Not react-admin's regex(): its message prints the RegExp (as "[object Object]"), and it caches a validator by
  // pattern and message, which would give two fields of one pattern the first one's help.
  const patternMessage =
    messageOf(rules, 'pattern') ??
    (field.help ? { message: 'app.validation.patternHelp', args: { help: field.help } } : 'app.validation.pattern');
  if (hint)
    validators.push((value: unknown) =>
      typeof value === 'string' && value !== '' && !hint.test(value) ? patternMessage : undefined,
    );
  if (rules.min !== undefined) validators.push(minValue(rules.min));
  if (rules.max !== undefined) validators.push(maxValue(rules.max));
  return validators;
}

const choicesOf = (field: FieldDefinition) =>
  (field.choices ?? []).map((choice) => ({
    id: choice,
    name: field.type === 'status' ? statusLabel(choice) : choice,
  }));

/** The input that edits a field of this type, with its validators; `props` go to the input (choices too). */
export function inputFor(field: FieldDefinition, props: Record<string, unknown> = {}, mode?: FormMode): ReactElement {
  const common = {
    source: field.source,
    label: field.label,
    validate: validatorsFor(field, mode),
    helperText: field.help,
    ...props,
  };
  switch (field.type) {
    case 'password':
      return <PasswordInput key={field.source} {...common} />;
    case 'longtext':
      return <TextInput key={field.source} multiline minRows={3} {...common} />;
    case 'email':
      return <TextInput key={field.source} type="email" {...common} />;
    case 'number':
    case 'money':
      return <NumberInput key={field.source} {...common} />;
    case 'boolean':
      return <BooleanInput key={field.source} {...common} />;
    case 'date':
      return <DateInput key={field.source} {...common} />;
    case 'datetime':
      return <DateTimeInput key={field.source} {...common} />;
    case 'select':
    case 'status':
      return <SelectInput key={field.source} choices={choicesOf(field)} {...common} />;
    case 'reference':
      return (
        <ReferenceInput key={field.source} source={field.source} reference={field.reference!}>
          <AutocompleteInput label={field.label} validate={common.validate} />
        </ReferenceInput>
      );
    default:
      return <TextInput key={field.source} {...common} />;
  }
}

/**
 * The inputs of a resource's create or edit form: the fields placed on 'form', in registry order, with
 * the validators of that form; `props` by source (a screen narrows choices, sets autocomplete...);
 * `given` leaves out the fields the screen fills itself (the order of the order page's comment form).
 */
export const formInputs = (
  definition: ResourceFields,
  mode: FormMode,
  props: Record<string, Record<string, unknown>> = {},
  given: readonly string[] = [],
) =>
  definition.fields
    .filter((field) => field.places.includes('form') && !given.includes(field.source))
    .map((field) => inputFor({ ...field, label: fieldLabel(definition, field) }, props[field.source], mode));

/** "Callback at from" / "… to": a range filter's label for a field whose label is no catalogue key of its own. */
function RangeLabel({ field, resource, edge }: { field: FieldDefinition; resource: string; edge: 'gte' | 'lte' }) {
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const label = String(translateLabel({ source: field.source, label: field.label, resource }));
  return <>{translate(`app.filters.${edge}`, { field: label })}</>;
}

/** The From or To input of a range filter: numbers by number, dates by date. */
function rangeInput(definition: ResourceFields, field: FieldDefinition, edge: 'gte' | 'lte'): ReactElement {
  const source = `${field.source}_${edge}`;
  const label = field.labelText ? (
    <RangeLabel field={field} resource={definition.name} edge={edge} />
  ) : (
    `resources.${definition.name}.filters.${source}`
  );
  return field.type === 'number' ? (
    <NumberInput key={source} source={source} label={label} />
  ) : (
    <DateInput key={source} source={source} label={label} />
  );
}

/**
 * The filter inputs of a resource's lists: `q` as the always-shown search box, ranges as a From and
 * a To input (`<source>_gte`, `<source>_lte`), the others by type. A reference filter shows only when
 * the member may list the referenced resource. `exclude` leaves out filters a screen fixes itself.
 */
export function filterInputs(
  definition: ResourceFields,
  registry: Registry,
  exclude: readonly string[] = [],
): ReactElement[] {
  return definition.fields
    .filter(
      (field) =>
        field.filter &&
        field.places.includes('filter') &&
        !exclude.some((key) => key === field.source || key.startsWith(`${field.source}_`)) &&
        (field.type !== 'reference' || !!registry[field.reference!]),
    )
    .flatMap((field) => {
      if (field.source === 'q') return [<SearchInput key="q" source="q" alwaysOn />];
      if (field.filter === 'range') return [rangeInput(definition, field, 'gte'), rangeInput(definition, field, 'lte')];
      return [inputFor({ ...field, label: fieldLabel(definition, field), validate: undefined })];
    });
}
