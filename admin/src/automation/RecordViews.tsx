import type { ReactNode } from 'react';
import { Create, CreateButton, DataTable, Edit, List, TopToolbar, useTranslate } from 'react-admin';
import { ConfigurationTabs } from '../configuration/ConfigurationTabs';

/**
 * The screens of a kind of automation record (rules, macros, SLA policies), under the Configuration tabs: the
 * list of them all (a row opens it), and its create and edit forms, each sent through `transform` first.
 */

type Tab = 'automation-rules' | 'macros' | 'sla-policies';

interface FormViewProps<Values> {
  tab: Tab;
  transform: (values: Values) => object;
  children: ReactNode;
}

export function RecordCreate<Values>({ tab, title, transform, children }: FormViewProps<Values> & { title: string }) {
  return (
    <>
      <ConfigurationTabs current={tab} />
      <Create title={title} transform={transform} redirect="list">
        {children}
      </Create>
    </>
  );
}

export function RecordEdit<Values>({ tab, transform, children }: FormViewProps<Values>) {
  return (
    <>
      <ConfigurationTabs current={tab} />
      <Edit transform={transform} mutationMode="pessimistic" redirect="list">
        {children}
      </Edit>
    </>
  );
}

/** Every record on one page, in `sort`'s order; the columns are `children` (DataTable.Col). */
export function RecordList({
  tab,
  sort,
  title,
  children,
}: {
  tab: Tab;
  sort: string;
  title?: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <>
      <ConfigurationTabs current={tab} />
      <List
        title={title ?? translate('resources.order-fields.title')}
        sort={{ field: sort, order: 'ASC' }}
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
          {children}
        </DataTable>
      </List>
    </>
  );
}
