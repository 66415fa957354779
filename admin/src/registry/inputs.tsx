import type { ReactElement } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  DateInput,
  email,
  maxLength,
  minLength,
  NumberInput,
  PasswordInput,
  ReferenceInput,
  regex,
  required,
  SearchInput,
  SelectInput,
  TextInput,
  type Validator,
} from 'react-admin';
import { statusLabel, type FieldDefinition } from '@app/domain';
import type { Registry, ResourceFields } from './useRegistry';

/**
 * react-admin validators from a field's rules, each failing with the field's catalogue message
 * (SPEC section 5 wording) when it has one, else react-admin's own.
 */
export function validatorsFor(field: FieldDefinition): Validator[] {
  const rules = field.validate;
  if (!rules) return [];
  const message = rules.message;
  const validators: Validator[] = [];
  if (rules.required) validators.push(required(message));
  if (rules.minLength !== undefined) validators.push(minLength(rules.minLength, message));
  if (rules.maxLength !== undefined) validators.push(maxLength(rules.maxLength, message));
  if (rules.email) validators.push(email(message));
  if (rules.pattern) validators.push(regex(new RegExp(rules.pattern), message));
  return validators;
}

const choicesOf = (field: FieldDefinition) =>
  (field.choices ?? []).map((choice) => ({
    id: choice,
    name: field.type === 'status' ? statusLabel(choice) : choice,
  }));

/** The input that edits a field of this type, with its validators. */
export function inputFor(field: FieldDefinition, props: Record<string, unknown> = {}): ReactElement {
  const common = { source: field.source, label: field.label, validate: validatorsFor(field), ...props };
  switch (field.type) {
    case 'password':
      return <PasswordInput key={field.source} {...common} />;
    case 'longtext':
      return <TextInput key={field.source} {...common} multiline minRows={3} />;
    case 'email':
      return <TextInput key={field.source} {...common} type="email" />;
    case 'number':
    case 'money':
      return <NumberInput key={field.source} {...common} />;
    case 'boolean':
      return <BooleanInput key={field.source} {...common} />;
    case 'date':
    case 'datetime':
      return <DateInput key={field.source} {...common} />;
    case 'select':
    case 'status':
      return <SelectInput key={field.source} {...common} choices={choicesOf(field)} />;
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

/** The inputs of a resource's create and edit forms: the fields placed on 'form', in registry order. */
export const formInputs = (definition: ResourceFields, props: Record<string, unknown> = {}) =>
  definition.fields.filter((field) => field.places.includes('form')).map((field) => inputFor(field, props));

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
      if (field.filter === 'range')
        return [
          <DateInput
            key={`${field.source}_gte`}
            source={`${field.source}_gte`}
            label={`resources.${definition.name}.filters.${field.source}_gte`}
          />,
          <DateInput
            key={`${field.source}_lte`}
            source={`${field.source}_lte`}
            label={`resources.${definition.name}.filters.${field.source}_lte`}
          />,
        ];
      return [inputFor({ ...field, validate: undefined })];
    });
}
