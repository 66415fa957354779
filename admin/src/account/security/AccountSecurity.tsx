import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { Form, required, TextInput, Title, usePermissions } from 'react-admin';
import { can } from '@app/domain';
import { useNavigate } from 'react-router-dom';
import { apiCall } from '../../providers/httpClient';
import { fill, useSecurityText } from './text';
import { useAction, useApiData } from './useApi';
import { SecurityPolicyForm } from './AdminSecurity';

interface Session {
  id: number;
  device: string;
  browser: string;
  address: string;
  location: string;
  createdAt: string;
  lastSeenAt: string;
  endedAt: string | null;
  current: boolean;
}

/** "My sessions": where and when the member is signed in; any other session ends with a click. */
function MySessions() {
  const text = useSecurityText();
  const sessions = useApiData<Session[]>('account/sessions');
  const end = useAction(async (id: number | 'others') => {
    const answer = await apiCall(id === 'others' ? 'account/sessions' : `account/sessions/${id}`, { method: 'DELETE' });
    sessions.reload();
    return answer;
  });
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {text.sessions}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          {/*
            A plain MUI table, not react-admin's DataTable: the member's own sessions (and passkeys below) come from
            /api/account/*, no resource of the registry, a handful of rows with no sort, filter or columns to keep.
            Moving them to DataTable over useList is a follow-up if these lists grow.
          */}
          <Table size="small" aria-label={text.sessions}>
            <TableHead>
              <TableRow>
                {[text.device, text.browser, text.address, text.location, text.created, text.lastSeen, ''].map(
                  (label, i) => (
                    <TableCell key={i}>{label}</TableCell>
                  ),
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {(sessions.data ?? []).map((session) => (
                <TableRow key={session.id}>
                  <TableCell>{session.device}</TableCell>
                  <TableCell>{session.browser}</TableCell>
                  <TableCell>{session.address}</TableCell>
                  <TableCell>{session.location}</TableCell>
                  <TableCell>{session.createdAt}</TableCell>
                  <TableCell>{session.lastSeenAt}</TableCell>
                  <TableCell>
                    {session.current ? (
                      text.thisSession
                    ) : session.endedAt ? (
                      text.ended
                    ) : (
                      <Button size="small" color="error" onClick={() => end.run(session.id)} disabled={end.pending}>
                        {text.end}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Button sx={{ mt: 2 }} onClick={() => end.run('others')} disabled={end.pending}>
          {text.endOthers}
        </Button>
      </CardContent>
    </Card>
  );
}

interface Factors {
  totp: boolean;
  passkeys: Array<{ id: number; name: string; createdAt: string; lastUsedAt: string | null }>;
  recoveryCodesLeft: number;
}

/** The member's passkeys: listed, removed, and one more made by the browser (the WebAuthn library loads then). */
function Passkeys({
  factors,
  reload,
  onCodes,
}: {
  factors: Factors;
  reload: () => void;
  onCodes: (c: string[]) => void;
}) {
  const text = useSecurityText();
  const [name, setName] = useState('');
  const add = useAction(async () => {
    const [{ startRegistration }, { options }] = await Promise.all([
      import('@simplewebauthn/browser'),
      apiCall('account/mfa/passkey/options', { method: 'POST' }),
    ]);
    const response = await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
    const answer = await apiCall('account/mfa/passkey/verify', { method: 'POST', json: { response, name } });
    const codes = answer.recoveryCodes as string[];
    if (codes.length) onCodes(codes);
    setName('');
    reload();
    return answer;
  });
  const remove = useAction(async (id: number) => {
    const answer = await apiCall(`account/mfa/passkey/${id}`, { method: 'DELETE' });
    reload();
    return answer;
  });
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3">
        {text.passkeys}
      </Typography>
      {factors.passkeys.length ? (
        <Table size="small" aria-label={text.passkeys}>
          <TableHead>
            <TableRow>
              {[text.name, text.created, text.lastUsed, ''].map((label, i) => (
                <TableCell key={i}>{label}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {factors.passkeys.map((passkey) => (
              <TableRow key={passkey.id}>
                <TableCell>{passkey.name}</TableCell>
                <TableCell>{passkey.createdAt}</TableCell>
                <TableCell>{passkey.lastUsedAt ?? ''}</TableCell>
                <TableCell>
                  <Button size="small" color="error" onClick={() => remove.run(passkey.id)} disabled={remove.pending}>
                    {text.remove}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography>{text.noPasskeys}</Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
        <TextField
          size="small"
          label={text.passkeyName}
          value={name}
          onChange={(event) => setName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <Button variant="contained" onClick={() => add.run(undefined)} disabled={add.pending}>
          {text.addPasskey}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * The second factors: the authenticator app (QR code, first code) and passkeys; the recovery codes shown
 * once when the first factor is set up.
 */
function SecondFactor() {
  const text = useSecurityText();
  const navigate = useNavigate();
  const [enrolment, setEnrolment] = useState<{ secret: string; qr: string }>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const factors = useApiData<Factors>('account/mfa');
  const begin = useAction(async () => {
    const answer = await apiCall('account/mfa/totp', { method: 'POST' });
    const { toDataURL } = await import('qrcode');
    setEnrolment({ secret: String(answer.secret), qr: await toDataURL(String(answer.otpauthUrl)) });
  });
  const verify = useAction(async (code: string) => {
    const answer = await apiCall('account/mfa/totp/verify', { method: 'POST', json: { code } });
    setEnrolment(undefined);
    const codes = answer.recoveryCodes as string[];
    if (codes.length) setRecoveryCodes(codes);
    factors.reload();
    return answer;
  });
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {text.factor}
        </Typography>
        {factors.data?.totp ? (
          <Typography>{fill(text.factorOn, { count: factors.data.recoveryCodesLeft })}</Typography>
        ) : (
          <Typography>{text.factorOff}</Typography>
        )}
        {recoveryCodes && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            <Typography gutterBottom>{text.recoveryCodes}</Typography>
            <Box component="ul" aria-label={text.recoveryCodes} sx={{ fontFamily: 'monospace', columns: 2 }}>
              {recoveryCodes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </Box>
            <Button variant="contained" onClick={() => navigate('/')}>
              {text.confirm}
            </Button>
          </Alert>
        )}
        {factors.data && !factors.data.totp && !enrolment && (
          <Button variant="contained" sx={{ mt: 2 }} onClick={() => begin.run(undefined)} disabled={begin.pending}>
            {text.setUp}
          </Button>
        )}
        {enrolment && (
          <Stack spacing={2} sx={{ mt: 2, maxWidth: 420 }}>
            <Typography>{text.scan}</Typography>
            <img src={enrolment.qr} alt="QR" width={200} height={200} />
            <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {text.secretKey}: <span data-testid="totp-secret">{enrolment.secret}</span>
            </Typography>
            <Form onSubmit={(values: { code?: string }) => verify.run(String(values.code ?? '').trim())}>
              <TextInput source="code" label={text.code} autoComplete="one-time-code" validate={required()} />
              <Button type="submit" variant="contained" disabled={verify.pending}>
                {text.confirm}
              </Button>
            </Form>
          </Stack>
        )}
        {factors.data && <Passkeys factors={factors.data} reload={factors.reload} onCodes={setRecoveryCodes} />}
      </CardContent>
    </Card>
  );
}

/** My sessions and second factor (from the avatar menu; first screen of a member who must enrol). */
export default function AccountSecurity() {
  const text = useSecurityText();
  const { permissions: role } = usePermissions<string>();
  return (
    <Stack spacing={2}>
      <Title title={text.title} />
      <SecondFactor />
      <MySessions />
      {can(role, 'configuration.manage') && <SecurityPolicyForm />}
    </Stack>
  );
}
