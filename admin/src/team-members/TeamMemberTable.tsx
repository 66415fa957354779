import { Box, Typography } from '@mui/material';
import {
  DataTable,
  DeleteWithConfirmButton,
  EditButton,
  FilterButton,
  List,
  TopToolbar,
  useCanAccess,
  useGetIdentity,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { Role } from '@app/domain';
import { filterInputs, listFields, registryColumns, useRegistry } from '../registry';
import { ColumnsButton } from '../preferences';

/** A team member as the API shows one: never a password (docs/product.md#roles-and-permissions). */
export interface TeamMember extends RaRecord {
  name: string;
  email: string;
  type: Role;
  last_login_at: string | null;
}

/**
 * Edit and Delete, only on members the signed-in member may manage (the auth provider's canAccess, which
 * react-admin's EditButton asks too; docs/product.md#roles-and-permissions), and never Delete on oneself. The API
 * refuses the others too.
 */
function MemberActions() {
  const member = useRecordContext<TeamMember>();
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ action: 'edit', resource, record: member });
  const { identity } = useGetIdentity();
  if (!member || !canAccess) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      <EditButton data-testid="edit-member" />
      {member.id !== identity?.id && (
        <DeleteWithConfirmButton
          confirmTitle="app.confirm.title"
          confirmContent="app.confirm.delete"
          successMessage="resources.team-members.notifications.deleted"
          mutationMode="pessimistic"
          redirect={false}
          data-testid="delete-member"
        />
      )}
    </Box>
  );
}

const TEAM_COLUMNS_KEY = 'team-members.datatable';

/**
 * The Team Member List under the list and edit views' forms: its columns the registry's
 * 'list' fields as the role may read them (no password column; Last Sign-in with its
 * zone), its filters the 'filter' fields.
 */
export function TeamMemberTable() {
  const translate = useTranslate();
  const { data: registry } = useRegistry();
  const definition = registry?.['team-members'];
  if (!registry || !definition) return null;
  const columns = listFields(definition);
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
        {translate('resources.team-members.listTitle')}
      </Typography>
      <List
        title={false}
        actions={
          // The columns button keeps the member's choice through the preferences Store.
          <TopToolbar>
            <FilterButton disableSaveQuery />
            <ColumnsButton storeKey={TEAM_COLUMNS_KEY} columns={[...columns, { label: 'app.table.action' }]} />
          </TopToolbar>
        }
        filters={filterInputs(definition, registry)}
        exporter={false}
        disableSyncWithLocation
        storeKey={false}
        sort={definition.defaultSort}
        perPage={25}
        empty={false}
      >
        <DataTable storeKey={TEAM_COLUMNS_KEY} bulkActionButtons={false} rowClick={false} data-testid="team-list">
          {registryColumns(columns, {
            last_login_at: (member) => (member.last_login_at ? undefined : translate('resources.team-members.never')),
          })}
          <DataTable.Col label="app.table.action" disableSort>
            <MemberActions />
          </DataTable.Col>
        </DataTable>
      </List>
    </>
  );
}
