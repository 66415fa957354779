import { useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, CssBaseline, Stack, Typography } from '@mui/material';
import {
  email,
  Form,
  PasswordInput,
  required,
  SaveButton,
  TextInput,
  useLogin,
  useNotify,
  useTranslate,
} from 'react-admin';
import { COUNTRY_NAME } from '../shared/config';
import { takeSignOutNotice } from '../providers/session';
import { passkeyAssertion } from './passkey';

/** The old system's sign-in rules and messages. */
const validateEmail = [required('app.validation.emailRequired'), email('app.validation.emailInvalid')];
const validatePassword = required('app.validation.passwordRequired');
const validateCode = required('app.login.codeRequired');

interface Credentials {
  email: string;
  password: string;
}

/**
 * Sign-in: Email ID, Password, Sign In; server messages in toasts. The page fills the
 * window exactly (CssBaseline removes the browser's 8 px body margin, which made a frame and a scrollbar).
 */
export default function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const translate = useTranslate();
  const [loading, setLoading] = useState(false);
  // Set once the password was right for a member with a second factor: the code (or a passkey) is asked next.
  const [challenge, setChallenge] = useState<string>();
  const [factors, setFactors] = useState<string[]>([]);

  useEffect(() => {
    document.title = COUNTRY_NAME;
    // A session that ended elsewhere (a 401, a password change) says why here (docs/product.md#errors).
    const notice = takeSignOutNotice();
    if (notice) notify(notice.message, { type: notice.type });
  }, [notify]);

  const signIn = async (credentials: () => Promise<object>) => {
    setLoading(true);
    try {
      // The success toast is the admin layout's (authProvider keeps the server's message for it).
      await login(await credentials(), '/admin');
    } catch (error) {
      const { challenge: next, factors: kinds } = error as { challenge?: string; factors?: string[] };
      if (next) {
        setChallenge(next);
        setFactors(kinds ?? []);
      }
      notify((error as Error).message || 'Sign-in failed.', { type: next ? 'info' : 'error' });
    } finally {
      setLoading(false);
    }
  };
  const submit = (values: Partial<Credentials & { code: string }>) =>
    signIn(async () =>
      challenge
        ? { challenge, code: values.code!.trim() }
        : { email: values.email!.trim(), password: values.password! },
    );
  const signInWithPasskey = () =>
    signIn(async () => ({
      challenge,
      response: await passkeyAssertion('admin/admin-login/mfa/passkey/options', { challenge }),
    }));

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'grey.100',
        p: 2,
      }}
    >
      <CssBaseline />
      <Card sx={{ width: '100%', maxWidth: 810 }}>
        <CardContent sx={{ p: { xs: 3, md: 6 } }}>
          <Typography variant="h4" component="h1" gutterBottom>
            {COUNTRY_NAME}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {translate('app.login.subtitle')}
          </Typography>
          <Form<Credentials> key={challenge} onSubmit={submit} noValidate disableInvalidFormNotification>
            <Stack>
              {challenge ? (
                <TextInput
                  source="code"
                  label="app.login.code"
                  autoComplete="one-time-code"
                  validate={validateCode}
                  autoFocus
                />
              ) : (
                <>
                  <TextInput
                    source="email"
                    type="email"
                    label="app.login.email"
                    autoComplete="username"
                    validate={validateEmail}
                    autoFocus
                  />
                  <PasswordInput
                    source="password"
                    label="app.login.password"
                    autoComplete="current-password"
                    validate={validatePassword}
                  />
                </>
              )}
              <SaveButton
                label="app.login.submit"
                icon={<></>}
                alwaysEnable
                disabled={loading}
                fullWidth
                size="large"
                sx={{ minHeight: { xs: 45, md: 60 }, mt: 1 }}
              />
              {challenge && factors.includes('passkey') && (
                <Button variant="outlined" size="large" sx={{ mt: 2 }} onClick={signInWithPasskey} disabled={loading}>
                  {translate('app.login.usePasskey')}
                </Button>
              )}
            </Stack>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
