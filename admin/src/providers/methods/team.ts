import type { Role } from '@app/domain';
import { apiCall } from '../httpClient';
import { messageOf } from './orders';

/** A team member as the API shows one: never a password (DESIGN section 4). */
export interface TeamMember {
  id: number;
  name: string;
  email: string;
  type: Role;
  created_at: string;
  last_login_at: string | null;
}

/** What the Manage Team form sends; an empty password on update keeps the old one. */
export interface TeamMemberInput {
  name: string;
  email: string;
  password: string;
  type: Role;
}

/** Manage Team (SPEC section 7). */
export const teamMethods = {
  async getTeamMembers(): Promise<TeamMember[]> {
    return (await apiCall<TeamMember[]>('admin/get-team-member-list')).data ?? [];
  },
  async getTeamMember(id: number): Promise<TeamMember> {
    return (await apiCall<TeamMember>(`admin/team-member-info/${encodeURIComponent(id)}`)).data!;
  },
  /** The roles the signed-in member may give: their own and those below it. */
  async getTeamMemberTypes(): Promise<Role[]> {
    return (await apiCall<Role[]>('admin/get-team-member-type')).data ?? [];
  },
  addTeamMember: (input: TeamMemberInput) =>
    messageOf(apiCall('admin/add-team-member', { method: 'POST', json: input })),
  updateTeamMember: (tmId: number, { password, ...input }: TeamMemberInput) =>
    messageOf(
      apiCall('admin/update-team-member', {
        method: 'POST',
        json: { ...input, tmId, ...(password ? { password } : {}) },
      }),
    ),
  deleteTeamMember: (teamMemberId: number) =>
    messageOf(apiCall('admin/delete-team-member', { method: 'PUT', json: { teamMemberId } })),
};
