import { useParams } from 'react-router-dom';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ScreenHeader } from '../layout/ScreenHeader';
import { useTabTitle } from '../layout/useTabTitle';
import { RequirePermission } from '../layout/RequirePermission';
import { TeamMemberCreate, TeamMemberEdit } from './TeamMemberForm';
import { TeamMemberList } from './TeamMemberList';

/**
 * Manage Team (SPEC section 2): at /admin/manage-team the Create form, at /admin/manage-team/{id} the Edit
 * form, each above the Team Member List. A custom route, because SPEC's addresses are not react-admin's
 * /team-members/create and /team-members/{id}.
 */
export default function ManageTeam() {
  const { teamMemberId } = useParams();
  const translate = useTranslate();
  useTabTitle(translate('resources.team-members.title'));
  return (
    <RequirePermission permission="team.manage">
      <ScreenHeader title={translate('resources.team-members.title')} />
      <Box data-testid="team-form">
        {teamMemberId ? <TeamMemberEdit key={teamMemberId} id={teamMemberId} /> : <TeamMemberCreate />}
      </Box>
      <ScreenHeader title={translate('resources.team-members.listTitle')} level={2} />
      <TeamMemberList />
    </RequirePermission>
  );
}
