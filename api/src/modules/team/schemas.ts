import { Type, type TSchema } from 'typebox';
import type { ResourceDefinition } from '@app/domain';
import { formProperties, recordSchema } from '../../core/registrySchemas.js';

const MemberId = (field: string) =>
  Type.Integer({
    minimum: 1,
    errorMessage: { type: `${field} must be a team member id.`, minimum: `${field} must be a team member id.` },
  });

/**
 * Manage Team's bodies and answers (docs/product.md#the-old-systems-calls), made from the registry's team-members entry, the
 * one place its fields are declared: add and update take its form fields with their rules (update
 * names the member, tmId, and may leave the password empty), and a member is answered with its
 * readable fields only (the response schema drops anything else, a password hash above all).
 */
export function teamSchemas(members: ResourceDefinition) {
  return {
    AddMemberBody: Type.Object(formProperties(members, 'create')),
    UpdateMemberBody: Type.Object({ tmId: MemberId('tmId'), ...formProperties(members, 'update') }),
    TeamMemberView: recordSchema(members),
  };
}

export const DeleteMemberBody = Type.Object({
  teamMemberId: MemberId('teamMemberId'),
});

export const MemberParams = Type.Object({ id: MemberId('id') });

/** The answer envelope around `data`, as a response schema. */
export const envelope = <T extends TSchema>(data: T) => ({
  200: Type.Object({ status: Type.Integer(), message: Type.String(), data: Type.Optional(data) }),
});
