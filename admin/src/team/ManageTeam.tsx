import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Typography } from '@mui/material';
import { Loading, useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { ScreenHeader } from '../layout/ScreenHeader';
import { useTabTitle } from '../layout/useTabTitle';
import { RequirePermission } from '../layout/RequirePermission';
import { TeamForm } from './TeamForm';
import { TeamList } from './TeamList';

/** The member of /admin/manage-team/{id}, then the form to edit them. */
function EditMember({ id }: { id: number }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const member = useQuery({
    queryKey: ['teamMember', id],
    queryFn: () => dataProvider.getTeamMember(id),
    retry: false,
  });
  if (member.isPending) return <Loading />;
  if (member.error) return <Typography color="error">{member.error.message}</Typography>;
  return <TeamForm key={id} member={member.data} />;
}

/** Manage Team (SPEC section 2): the form (add, or edit with an id) above the Team Member List. */
export default function ManageTeam() {
  const { teamMemberId } = useParams();
  const translate = useTranslate();
  useTabTitle(translate('app.team.tabTitle'));
  return (
    <RequirePermission permission="team.manage">
      <ScreenHeader title={translate('app.team.title')} />
      {teamMemberId ? <EditMember id={Number(teamMemberId)} /> : <TeamForm />}
      <TeamList />
    </RequirePermission>
  );
}
