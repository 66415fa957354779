import {
  CheckboxGroupInput,
  DataTable,
  SimpleForm,
  TextInput,
  maxLength,
  required,
  useRecordContext,
} from 'react-admin';
import { AUTOMATION_LIMITS, ROLES, cleanAction, type MacroRecord } from '@app/domain';
import { choicesOf } from '../shared/choices';
import { ActionsInput } from './ActionsInput';
import { ActionsField } from './RuleViews';
import { RecordCreate, RecordEdit, RecordList } from './RecordViews';

const M = 'resources.macros';

const transform = ({ name, roles, actions }: MacroRecord) => ({
  name,
  roles,
  actions: (actions ?? []).map((action) => cleanAction(action as Record<string, unknown>)),
});

function MacroForm() {
  return (
    <SimpleForm defaultValues={{ roles: [], actions: [] }} sx={{ maxWidth: 1000 }} data-testid="macro-form">
      <TextInput source="name" validate={[required(), maxLength(AUTOMATION_LIMITS.nameLength)]} />
      <CheckboxGroupInput source="roles" choices={choicesOf(ROLES)} validate={required()} />
      <ActionsInput />
    </SimpleForm>
  );
}

export const MacroCreate = () => (
  <RecordCreate tab="macros" title={`${M}.createTitle`} transform={transform}>
    <MacroForm />
  </RecordCreate>
);

export const MacroEdit = () => (
  <RecordEdit tab="macros" transform={transform}>
    <MacroForm />
  </RecordEdit>
);

function RolesField() {
  const macro = useRecordContext<MacroRecord>();
  return <>{macro?.roles.join(', ')}</>;
}

export const MacroList = () => (
  <RecordList tab="macros" sort="name">
    <DataTable.Col source="name" />
    <DataTable.Col source="roles" disableSort>
      <RolesField />
    </DataTable.Col>
    <DataTable.Col source="actions" disableSort>
      <ActionsField />
    </DataTable.Col>
  </RecordList>
);
