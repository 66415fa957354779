import { useMutation } from '@tanstack/react-query';
import { Card, CardContent, Stack } from '@mui/material';
import {
  Form,
  minLength,
  PasswordInput,
  required,
  SaveButton,
  Title,
  useDataProvider,
  useLogout,
  useNotify,
  useRequireAccess,
  useTranslate,
} from 'react-admin';
import { PASSWORD_MIN_LENGTH } from '@app/domain';
import type { AppDataProvider } from '../providers/dataProvider';
import type { PasswordChange } from '../providers/methods/account';
import { rememberSignOutNotice } from '../providers/session';

const validateCurrent = required('app.account.currentPasswordRequired');
const validateNew = [
  required('app.validation.newPasswordRequired'),
  minLength(PASSWORD_MIN_LENGTH, 'app.validation.newPasswordMin'),
];

/** The current and the new password, and Update Password; success ends the session here as on the server. */
function PasswordForm() {
  const notify = useNotify();
  const logout = useLogout();
  const dataProvider = useDataProvider<AppDataProvider>();
  const change = useMutation({
    mutationFn: (passwords: PasswordChange) => dataProvider.changePassword(passwords),
    onSuccess: (answer) => {
      // The sign-in page shows the message: this screen is gone by then (docs/product.md#screens).
      rememberSignOutNotice(answer.message, 'success');
      void logout();
    },
    onError: (failure: Error) => notify(failure.message, { type: 'error' }),
  });
  return (
    <Form
      disableInvalidFormNotification
      onSubmit={(values: Record<string, unknown>) => change.mutate(values as unknown as PasswordChange)}
    >
      <Stack sx={{ maxWidth: 420 }}>
        <PasswordInput
          source="currentPassword"
          label="app.account.currentPassword"
          autoComplete="current-password"
          validate={validateCurrent}
        />
        <PasswordInput
          source="newPassword"
          label="app.account.newPassword"
          autoComplete="new-password"
          validate={validateNew}
        />
        <SaveButton
          label="app.account.submit"
          icon={<></>}
          alwaysEnable
          sx={{ alignSelf: 'flex-start' }}
          disabled={change.isPending}
        />
      </Stack>
    </Form>
  );
}

/**
 * Update Password (/admin/change-password), the view of the `change-password` resource; no
 * react-admin controller reads it, so it asks for access itself.
 */
export default function ChangePassword() {
  const translate = useTranslate();
  const { isPending } = useRequireAccess({ resource: 'change-password', action: 'list' });
  if (isPending) return null;
  return (
    <Card>
      <Title title={translate('app.account.title')} preferenceKey={false} />
      <CardContent>
        <PasswordForm />
      </CardContent>
    </Card>
  );
}
