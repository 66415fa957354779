import {
  CheckboxGroupInput,
  Create,
  CreateButton,
  DataTable,
  Edit,
  List,
  SimpleForm,
  TextInput,
  TopToolbar,
  maxLength,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { AUTOMATION_LIMITS, ROLES, cleanAction, type MacroRecord } from '@app/domain';
import { ConfigurationTabs } from '../configuration/ConfigurationTabs';
import { choicesOf } from '../shared/choices';
import { ActionsInput } from './ActionsInput';
import { ActionsField } from './RuleViews';

const M = 'resources.macros';
const Tabs = () => <ConfigurationTabs current="macros" />;

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

export function MacroCreate() {
  return (
    <>
      <Tabs />
      <Create title={`${M}.createTitle`} transform={transform} redirect="list">
        <MacroForm />
      </Create>
    </>
  );
}

export function MacroEdit() {
  return (
    <>
      <Tabs />
      <Edit transform={transform} mutationMode="pessimistic" redirect="list">
        <MacroForm />
      </Edit>
    </>
  );
}

function RolesField() {
  const macro = useRecordContext<MacroRecord>();
  return <>{macro?.roles.join(', ')}</>;
}

export function MacroList() {
  const translate = useTranslate();
  return (
    <>
      <Tabs />
      <List
        title={translate('resources.order-fields.title')}
        sort={{ field: 'name', order: 'ASC' }}
        pagination={false}
        perPage={100}
        exporter={false}
        empty={false}
        actions={
          <TopToolbar>
            <CreateButton />
          </TopToolbar>
        }
      >
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col source="roles" disableSort>
            <RolesField />
          </DataTable.Col>
          <DataTable.Col source="actions" disableSort>
            <ActionsField />
          </DataTable.Col>
        </DataTable>
      </List>
    </>
  );
}
