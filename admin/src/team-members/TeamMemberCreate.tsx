import { useState } from 'react';
import { Create, useNotify } from 'react-admin';
import { TeamMemberForm } from './TeamMemberForm';

/**
 * The create view: adds a member and gives a new, empty form for the next one (as in the old system: Manage Team adds
 * and lists on one screen, so the list view shows this form above the list).
 */
export default function TeamMemberCreate() {
  const notify = useNotify();
  const [round, setRound] = useState(0);
  return (
    <Create
      key={round}
      title="resources.team-members.title"
      redirect={false}
      mutationOptions={{
        onSuccess: () => {
          notify('resources.team-members.notifications.created', { type: 'success' });
          setRound((count) => count + 1);
        },
      }}
    >
      <TeamMemberForm mode="create" />
    </Create>
  );
}
