import { DataTable, List, Title, useRequireAccess, useResourceContext, useTranslate } from 'react-admin';
import { listFields, registryColumns } from './columns';
import { filterInputs } from './inputs';
import { useRegistry } from './useRegistry';

/**
 * A declared screen's list drawn from its registry entry alone: its list fields as columns (those the API
 * sorts by sort), its filters, its default sort, and its title (`resources.<name>.name`, plural). The view of a screen
 * that needs nothing of its own (docs/extending.md#a-screen); loaded with the screen, never at start.
 */
export default function RegistryList() {
  const resource = useResourceContext()!;
  const translate = useTranslate();
  // react-admin's access check, as the List does (which waits for the registry here).
  useRequireAccess({ action: 'list', resource });
  const { data: registry } = useRegistry();
  const definition = registry?.[resource];
  return (
    <>
      <Title title={translate(`resources.${resource}.name`, { smart_count: 2 })} preferenceKey={false} />
      {registry && definition && (
        <List
          resource={resource}
          title={false}
          filters={filterInputs(definition, registry)}
          sort={definition.defaultSort}
          perPage={25}
          exporter={false}
          empty={false}
        >
          <DataTable bulkActionButtons={false} rowClick={false}>
            {registryColumns(listFields(definition))}
          </DataTable>
        </List>
      )}
    </>
  );
}
