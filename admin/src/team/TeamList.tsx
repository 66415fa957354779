import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, useBasename, useDataProvider, useNotify, usePermissions, useTranslate } from 'react-admin';
import { canManageMember, formatEst, isRole } from '@app/domain';
import type { AppDataProvider } from '../providers/dataProvider';
import type { TeamMember } from '../providers/methods/team';
import { readStoredUser } from '../providers/session';

export const TEAM_MEMBERS_KEY = ['teamMembers'];

/** Delete with its confirm text and SPEC's success text. */
function DeleteMemberButton({ member }: { member: TeamMember }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => dataProvider.deleteTeamMember(member.id),
    onSuccess: () => {
      notify('app.team.deleted', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: TEAM_MEMBERS_KEY });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteIcon />}
        onClick={() => setOpen(true)}
        data-testid="delete-member"
      >
        {translate('app.team.delete')}
      </Button>
      <Confirm
        isOpen={open}
        loading={remove.isPending}
        title="app.confirm.title"
        content="app.confirm.delete"
        confirmColor="warning"
        onConfirm={() => remove.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/**
 * The Team Member List (SPEC section 2) without a password column (DESIGN section 4). Edit and
 * Delete show only on members the signed-in member may manage; nobody deletes themself.
 */
export function TeamList() {
  const translate = useTranslate();
  const basename = useBasename();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { permissions: role } = usePermissions<string>();
  const myId = readStoredUser()?.id;
  const { data: members = [] } = useQuery({
    queryKey: TEAM_MEMBERS_KEY,
    queryFn: () => dataProvider.getTeamMembers(),
  });
  const manageable = (member: TeamMember) => isRole(role) && canManageMember(role, member.type);
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('app.team.listTitle')}
        </Typography>
        <TableContainer sx={{ maxHeight: 550 }}>
          <Table stickyHeader size="small" data-testid="team-list">
            <TableHead>
              <TableRow>
                {['number', 'name', 'email', 'role', 'lastLogin', 'action'].map((column) => (
                  <TableCell key={column}>{translate(`app.team.columns.${column}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {members.map((member, index) => (
                <TableRow key={member.id} data-testid="member-row">
                  <TableCell>{index + 1}</TableCell>
                  <TableCell>{member.name}</TableCell>
                  <TableCell>{member.email}</TableCell>
                  <TableCell>{member.type}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {member.last_login_at ? formatEst(member.last_login_at) : translate('app.team.never')}
                  </TableCell>
                  <TableCell>
                    {manageable(member) && (
                      <Box sx={{ display: 'flex', gap: 0.5 }}>
                        <Button
                          size="small"
                          startIcon={<EditIcon />}
                          component={Link}
                          to={`${basename}/manage-team/${member.id}`}
                          data-testid="edit-member"
                        >
                          {translate('app.team.edit')}
                        </Button>
                        {member.id !== myId && <DeleteMemberButton member={member} />}
                      </Box>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}
