import { Edit, useNotify, useRedirect, useResourceContext } from 'react-admin';
import { TeamMemberForm } from './TeamMemberForm';
import { TeamMemberTable } from './TeamMemberTable';

/** The edit view: the member's form above the list, then back to the list. */
export default function TeamMemberEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return (
    <>
      <Edit
        title="resources.team-members.title"
        actions={false}
        mutationMode="pessimistic"
        // The password is write-only: the form starts empty and an empty one is not sent.
        transform={({ password, ...member }) => (password ? { ...member, password } : member)}
        mutationOptions={{
          onSuccess: () => {
            notify('resources.team-members.notifications.updated', { type: 'success' });
            redirect('list', resource);
          },
        }}
        queryOptions={{ retry: false }}
        redirect={false}
      >
        <TeamMemberForm mode="edit" />
      </Edit>
      <TeamMemberTable />
    </>
  );
}
