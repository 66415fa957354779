import {
  BooleanField,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  NullableBooleanInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ConfigurationTabs } from './ConfigurationTabs';
import type { OrderFieldRow } from './rows';

const FILTERS = [
  <NullableBooleanInput key="builtIn" source="builtIn" alwaysOn />,
  <NullableBooleanInput key="removed" source="removed" />,
];

/** A field's label: the Admin's, else the catalogue's (a built-in field's code default). */
export function FieldLabel() {
  const field = useRecordContext<OrderFieldRow>();
  const translate = useTranslate();
  if (!field) return null;
  if (field.label) return <>{field.label}</>;
  return <>{translate(field.defaults?.labelKey ?? `resources.orders.fields.${field.id}`, { _: field.id })}</>;
}

/** A field's type: a custom type by its catalogue name, a built-in one as the code names it. */
function FieldType() {
  const field = useRecordContext<OrderFieldRow>();
  const translate = useTranslate();
  return field ? <>{translate(`resources.order-fields.types.${field.type}`, { _: field.type })}</> : null;
}

/** The order page section a field shows in, by its title. */
function FieldSection() {
  const field = useRecordContext<OrderFieldRow>();
  const translate = useTranslate();
  if (!field?.section) return null;
  return <>{translate(`resources.orders.sections.${field.section}`, { _: field.section })}</>;
}

const flag = (source: keyof OrderFieldRow) => (
  <DataTable.Col key={source} source={source} disableSort>
    <BooleanField source={source} />
  </DataTable.Col>
);

/**
 * Configuration, Order fields: every order field, built-in and custom, with where it shows;
 * a row opens its Edit (a built-in one's overrides, or all of a custom one).
 */
export default function OrderFieldList() {
  return (
    <>
      <ConfigurationTabs current="order-fields" />
      <List
        title="resources.order-fields.title"
        sort={{ field: 'position', order: 'ASC' }}
        perPage={100}
        filters={FILTERS}
        actions={
          <TopToolbar>
            <FilterButton />
            <CreateButton />
          </TopToolbar>
        }
        exporter={false}
      >
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="id" />
          <DataTable.Col source="label">
            <FieldLabel />
          </DataTable.Col>
          {flag('builtIn')}
          <DataTable.Col source="type" disableSort>
            <FieldType />
          </DataTable.Col>
          <DataTable.Col source="section" disableSort>
            <FieldSection />
          </DataTable.Col>
          <DataTable.Col source="position" />
          {flag('column')}
          {flag('filter')}
          {flag('sortable')}
          {flag('removed')}
        </DataTable>
      </List>
    </>
  );
}
