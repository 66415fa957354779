import TeamMemberCreate from './TeamMemberCreate';
import { TeamMemberTable } from './TeamMemberTable';

/** The list view, Manage Team (SPEC section 2): the form that adds a member above the Team Member List. */
export default function TeamMemberList() {
  return (
    <>
      <TeamMemberCreate />
      <TeamMemberTable />
    </>
  );
}
