import type { ReactElement } from 'react';
import { Box } from '@mui/material';
import {
  ArrayInput,
  CheckboxGroupInput,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  required,
} from 'react-admin';
import {
  ACTION_TYPES,
  ASSIGN_STRATEGIES,
  COMMENT_FLAGS,
  MOVE_TARGET_STATUSES,
  ROLES,
  statusLabel,
  type ActionType,
} from '@app/domain';
import { choicesOf } from '../shared/choices';

const A = 'resources.automation-rules.actions';
const label = (field: string) => `${A}.fields.${field}`;

const TYPES = choicesOf(ACTION_TYPES, (type) => `${A}.types.${type}`);
const MOVES = choicesOf(MOVE_TARGET_STATUSES, statusLabel);
const STRATEGIES = choicesOf(ASSIGN_STRATEGIES, (strategy) => `${A}.strategies.${strategy}`);
const ROLE_CHOICES = choicesOf(ROLES);
const FLAGS = choicesOf(COMMENT_FLAGS);
const need = [required()];

/** The inputs of one action's own properties, by its type (domain ACTION_KEYS). */
const INPUTS: Record<ActionType, () => ReactElement | null> = {
  move: () => (
    <SelectInput source="status" label={label('status')} choices={MOVES} validate={need} helperText={false} />
  ),
  assign: () => (
    <>
      <SelectInput source="strategy" label={label('strategy')} choices={STRATEGIES} helperText={false} />
      <SelectInput source="role" label={label('role')} choices={ROLE_CHOICES} helperText={false} />
      <NumberInput source="cap" label={label('cap')} min={1} helperText={false} />
      <NumberInput source="member" label={label('member')} min={1} helperText={false} />
    </>
  ),
  unassign: () => null,
  setField: () => (
    <>
      <TextInput source="field" label={label('field')} validate={need} helperText={false} />
      <TextInput source="value" label={label('value')} helperText={false} />
    </>
  ),
  comment: () => (
    <>
      <TextInput source="text" label={label('text')} validate={need} multiline helperText={false} />
      <CheckboxGroupInput source="flags" label={false} choices={FLAGS} helperText={false} />
    </>
  ),
  mail: () => <TextInput source="template" label={label('template')} validate={need} helperText={false} />,
  webhook: () => <TextInput source="url" label={label('url')} validate={need} type="url" helperText={false} />,
  notify: () => (
    <>
      <SelectInput source="role" label={label('role')} choices={ROLE_CHOICES} helperText={false} />
      <TextInput source="message" label={label('message')} validate={need} helperText={false} />
    </>
  ),
};

/** A rule's or a macro's actions, in order: a type, then that type's own inputs. */
export function ActionsInput() {
  return (
    <Box sx={{ width: '100%' }} data-testid="actions-input">
      <ArrayInput source="actions" label="resources.automation-rules.fields.actions">
        <SimpleFormIterator inline disableClear>
          <SelectInput source="type" label={label('type')} choices={TYPES} validate={need} helperText={false} />
          <FormDataConsumer>
            {({ scopedFormData }) => {
              const type = (scopedFormData as { type?: ActionType } | undefined)?.type;
              return type ? INPUTS[type]() : null;
            }}
          </FormDataConsumer>
        </SimpleFormIterator>
      </ArrayInput>
    </Box>
  );
}
