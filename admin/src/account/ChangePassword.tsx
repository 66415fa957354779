import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, TextField } from '@mui/material';
import { useDataProvider, useLogout, useNotify, useTranslate } from 'react-admin';
import { PASSWORD_MIN_LENGTH } from '@app/domain';
import type { AppDataProvider } from '../providers/dataProvider';
import { rememberSignOutNotice } from '../providers/session';
import { ScreenHeader } from '../layout/ScreenHeader';
import { useTabTitle } from '../layout/useTabTitle';
import { RequirePermission } from '../layout/RequirePermission';

/** The new password and Update Password; success ends the session here as on the server. */
function PasswordForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const logout = useLogout();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState('');
  const change = useMutation({
    mutationFn: (password: string) => dataProvider.changePassword(password),
    onSuccess: (answer) => {
      // The sign-in page shows the message: this screen is gone by then (SPEC section 4).
      rememberSignOutNotice(answer.message, 'success');
      void logout();
    },
    onError: (failure: Error) => notify(failure.message, { type: 'error' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = !newPassword
      ? 'app.validation.newPasswordRequired'
      : newPassword.length < PASSWORD_MIN_LENGTH
        ? 'app.validation.newPasswordMin'
        : '';
    setError(problem && translate(problem));
    if (!problem) change.mutate(newPassword);
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
      <TextField
        type="password"
        autoComplete="new-password"
        label={translate('app.account.newPassword')}
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
        error={!!error}
        helperText={error || ' '}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={change.isPending}>
          {translate('app.account.submit')}
        </Button>
      </Box>
    </Box>
  );
}

/** Update Password (/admin/change-password, SPEC section 2). */
export default function ChangePassword() {
  const translate = useTranslate();
  useTabTitle();
  return (
    <RequirePermission permission="account.changePassword">
      <ScreenHeader title={translate('app.account.title')} />
      <Card>
        <CardContent>
          <PasswordForm />
        </CardContent>
      </Card>
    </RequirePermission>
  );
}
