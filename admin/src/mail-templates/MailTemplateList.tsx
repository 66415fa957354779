import {
  CreateButton,
  DataTable,
  FunctionField,
  List,
  SelectInput,
  TextInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { MAIL_BRANDS, MAIL_LANGUAGES } from '@app/domain';
import { ConfigurationTabs } from '../configuration/ConfigurationTabs';
import { formatTimeFor } from '../registry';
import type { MailTemplateRow } from './rows';
import { choicesOf } from '../shared/choices';

const filters = [
  <TextInput key="key" source="key" alwaysOn />,
  <SelectInput key="language" source="language" choices={choicesOf(MAIL_LANGUAGES)} alwaysOn />,
  <SelectInput key="brand" source="brand" choices={choicesOf(MAIL_BRANDS)} />,
];

/** Configuration, Mail templates: every mail per language and brand; a row opens its Edit. */
export default function MailTemplateList() {
  const translate = useTranslate();
  return (
    <>
      <ConfigurationTabs current="mail-templates" />
      <List
        title={translate('resources.order-fields.title')}
        sort={{ field: 'key', order: 'ASC' }}
        perPage={50}
        filters={filters}
        actions={
          <TopToolbar>
            <CreateButton />
          </TopToolbar>
        }
        exporter={false}
      >
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="key" />
          <DataTable.Col source="language" />
          <DataTable.Col source="brand" />
          <DataTable.Col source="subject" disableSort />
          <DataTable.Col source="updated_at">
            <FunctionField<MailTemplateRow> render={(record) => formatTimeFor(record.updated_at)} />
          </DataTable.Col>
        </DataTable>
      </List>
    </>
  );
}
