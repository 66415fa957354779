import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { Form, PasswordInput } from 'react-admin';
import { securityState } from '../../providers/securityState';
import { apiCall, apiUrl, httpClient } from '../../providers/httpClient';
import { endSession } from '../../providers/session';
import { passkeyAssertion } from '../../login/passkey';
import { useSecurityText } from './text';

/** A TOTP or recovery code, as typed; anything else is a password. */
const CODE = /^(\d{6}|[0-9a-f]{5}-?[0-9a-f]{5})$/i;
const IDLE_MESSAGE = 'You were signed out after a time without activity. Please sign in again.';

/** Asks the password (or a code) when an action needs a recent check; the HTTP client then sends it again. */
function ReauthDialog() {
  const text = useSecurityText();
  const { reauth } = useSyncExternalStore(securityState.subscribe, securityState.get);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  if (!reauth) return null;
  const close = (confirmed: boolean) => {
    setProblem('');
    securityState.settleReauth();
    if (confirmed) reauth.resolve();
    else reauth.reject(undefined);
  };
  const send = async (proof: () => Promise<object>) => {
    setBusy(true);
    try {
      await apiCall('account/reauth', { method: 'POST', json: await proof() });
      close(true);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const confirm = ({ secret = '' }: { secret?: string }) =>
    send(async () => (CODE.test(secret.trim()) ? { code: secret.trim() } : { password: secret }));
  const confirmWithPasskey = () =>
    send(async () => ({ passkey: await passkeyAssertion('account/reauth/passkey/options') }));
  return (
    <Dialog open onClose={() => close(false)} aria-labelledby="reauth-title">
      <Form onSubmit={(values: { secret?: string }) => void confirm(values)}>
        <DialogTitle id="reauth-title">{text.reauthTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{text.reauthText}</DialogContentText>
          <PasswordInput
            source="secret"
            label={text.password}
            autoComplete="current-password"
            autoFocus
            helperText={problem || false}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(false)}>{text.cancel}</Button>
          <Button onClick={() => void confirmWithPasskey()} disabled={busy}>
            {text.usePasskey}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {text.confirm}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/**
 * Warns a minute before the server ends the session for lack of activity; "Stay signed in" is a request,
 * which keeps it. Left alone, the session is signed out here at its end.
 */
function IdleWarning() {
  const text = useSecurityText();
  const { lastActivity, idleMinutes } = useSyncExternalStore(securityState.subscribe, securityState.get);
  const [warning, setWarning] = useState(false);
  useEffect(() => {
    if (!idleMinutes) return;
    const end = lastActivity + idleMinutes * 60_000;
    setWarning(false);
    const warn = setTimeout(() => setWarning(true), end - 60_000 - Date.now());
    const signOut = setTimeout(() => {
      void httpClient(apiUrl('admin/logout'), { method: 'POST' }).catch(() => undefined);
      endSession(IDLE_MESSAGE);
    }, end - Date.now());
    return () => {
      clearTimeout(warn);
      clearTimeout(signOut);
    };
  }, [lastActivity, idleMinutes]);
  if (!warning) return null;
  return (
    <Dialog open aria-labelledby="idle-title">
      <DialogTitle id="idle-title">{text.idleTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text.idleText}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" autoFocus onClick={() => void apiCall('user_info').catch(() => undefined)}>
          {text.keep}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The account's prompts, drawn over any screen. */
export default function SecurityPrompts() {
  return (
    <>
      <ReauthDialog />
      <IdleWarning />
    </>
  );
}
