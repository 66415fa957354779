import TeamMemberCreate from './TeamMemberCreate';
import { TeamMemberTable } from './TeamMemberTable';

/** The list view, Manage Team: the form that adds a member above the Team Member List. */
export default function TeamMemberList() {
  return (
    <>
      <TeamMemberCreate />
      <TeamMemberTable />
    </>
  );
}
