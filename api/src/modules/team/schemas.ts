import { Type, type TSchema } from 'typebox';
import { EMAIL_PATTERN, MESSAGES, PASSWORD_MIN_LENGTH, ROLES, SINGLE_LINE_PATTERN } from '@app/domain';

export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;

const MemberId = (field: string) =>
  Type.Integer({
    minimum: 1,
    errorMessage: { type: `${field} must be a team member id.`, minimum: `${field} must be a team member id.` },
  });

const Name = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: SINGLE_LINE_PATTERN,
  errorMessage: {
    required: MESSAGES.teamNameRequired,
    minLength: MESSAGES.teamNameRequired,
    pattern: 'name must be one line of text, without control characters.',
  },
});
const Email = Type.String({
  maxLength: 191,
  pattern: EMAIL_PATTERN,
  errorMessage: {
    required: MESSAGES.teamEmailRequired,
    pattern: MESSAGES.teamEmailInvalid,
    type: MESSAGES.teamEmailInvalid,
    maxLength: 'Email can be at most 191 characters.',
  },
});
const MemberType = Type.Enum(ROLES as unknown as string[], {
  errorMessage: { required: MESSAGES.teamTypeRequired, enum: MESSAGES.teamTypeRequired },
});

export const AddMemberBody = Type.Object({
  name: Name,
  email: Email,
  password: Type.String({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: 200,
    errorMessage: { required: MESSAGES.teamPasswordRequired, minLength: PASSWORD_TOO_SHORT },
  }),
  type: MemberType,
});

export const UpdateMemberBody = Type.Object({
  tmId: MemberId('tmId'),
  name: Name,
  email: Email,
  /** Empty keeps the current password (DESIGN section 4). */
  password: Type.Optional(Type.String({ maxLength: 200 })),
  type: MemberType,
});

export const DeleteMemberBody = Type.Object({
  teamMemberId: MemberId('teamMemberId'),
});

export const MemberParams = Type.Object({ id: MemberId('id') });

/** What a member looks like in an answer: the response schema drops anything else, a password hash above all. */
export const TeamMemberView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  type: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
  last_login_at: Type.Union([Type.String(), Type.Null()]),
});

/** The answer envelope around `data`, as a response schema. */
export const envelope = <T extends TSchema>(data: T) => ({
  200: Type.Object({ status: Type.Integer(), message: Type.String(), data: Type.Optional(data) }),
});
