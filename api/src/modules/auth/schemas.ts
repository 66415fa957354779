import { Type } from 'typebox';
import { EMAIL_PATTERN, MESSAGES, PASSWORD_MIN_LENGTH } from '@app/domain';

export const LoginBody = Type.Object({
  email: Type.String({
    maxLength: 191,
    pattern: EMAIL_PATTERN,
    errorMessage: { required: MESSAGES.emailRequired, pattern: MESSAGES.emailInvalid, type: MESSAGES.emailInvalid },
  }),
  password: Type.String({
    minLength: 1,
    maxLength: 200,
    errorMessage: { required: MESSAGES.passwordRequired, minLength: MESSAGES.passwordRequired },
  }),
});

const CURRENT_PASSWORD_REQUIRED = 'Please enter your Current Password.';

export const ChangePasswordBody = Type.Object({
  currentPassword: Type.String({
    minLength: 1,
    maxLength: 200,
    errorMessage: { required: CURRENT_PASSWORD_REQUIRED, minLength: CURRENT_PASSWORD_REQUIRED },
  }),
  newPassword: Type.String({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: 200,
    errorMessage: { required: MESSAGES.newPasswordRequired, minLength: MESSAGES.newPasswordMin },
  }),
});

export const MemberView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  type: Type.String(),
});
