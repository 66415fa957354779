import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { useLogin, useNotify, useTranslate } from 'react-admin';
import { isEmail } from '@app/domain';
import { COUNTRY_NAME } from '../config';
import { takeSignOutNotice } from '../providers/session';

interface Errors {
  email?: string;
  password?: string;
}

/** Sign-in (SPEC section 2): Email ID, Password, Sign In; server messages in toasts. */
export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    document.title = COUNTRY_NAME;
    // A session that ended elsewhere (a 401, a password change) says why here (SPEC section 8).
    const notice = takeSignOutNotice();
    if (notice) notify(notice.message, { type: notice.type });
  }, [notify]);

  const validate = (): Errors => {
    const next: Errors = {};
    if (!email.trim()) next.email = translate('app.validation.emailRequired');
    else if (!isEmail(email.trim())) next.email = translate('app.validation.emailInvalid');
    if (!password) next.password = translate('app.validation.passwordRequired');
    return next;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    setLoading(true);
    try {
      await login({ email: email.trim(), password }, '/admin');
      notify('Login successfully.', { type: 'success' });
    } catch (error) {
      notify((error as Error).message || 'Sign-in failed.', { type: 'error' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'grey.100',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 810 }} component="main">
        <CardContent sx={{ p: { xs: 3, md: 6 } }}>
          <Typography variant="h4" component="h1" gutterBottom>
            {COUNTRY_NAME}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {translate('app.login.subtitle')}
          </Typography>
          <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
            <TextField
              label={translate('app.login.email')}
              name="email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={!!errors.email}
              helperText={errors.email}
              autoFocus
            />
            <TextField
              label={translate('app.login.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={!!errors.password}
              helperText={errors.password}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={loading}
              sx={{ minHeight: { xs: 45, md: 60 } }}
            >
              {loading ? <CircularProgress size={24} color="inherit" /> : translate('app.login.submit')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
