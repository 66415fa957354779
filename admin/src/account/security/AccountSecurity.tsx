import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { Title, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { apiCall } from '../../providers/httpClient';
import { fill, useSecurityText } from './text';

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

const SESSIONS = ['account-sessions'];
const FACTORS = ['account-mfa'];

/** "My sessions": where and when the member is signed in; any other session ends with a click. */
function MySessions() {
  const text = useSecurityText();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: SESSIONS,
    queryFn: async () => (await apiCall<Session[]>('account/sessions')).data ?? [],
  });
  const end = useMutation({
    mutationFn: (id: number | 'others') =>
      apiCall(id === 'others' ? 'account/sessions' : `account/sessions/${id}`, { method: 'DELETE' }),
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: SESSIONS });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {text.sessions}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
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
                      <Button
                        size="small"
                        color="error"
                        onClick={() => end.mutate(session.id)}
                        disabled={end.isPending}
                      >
                        {text.end}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Button sx={{ mt: 2 }} onClick={() => end.mutate('others')} disabled={end.isPending}>
          {text.endOthers}
        </Button>
      </CardContent>
    </Card>
  );
}

/** The authenticator app: its state, and its set-up (QR code, first code, recovery codes shown once). */
function SecondFactor() {
  const text = useSecurityText();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<{ secret: string; qr: string }>();
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const factors = useQuery({
    queryKey: FACTORS,
    queryFn: async () =>
      (await apiCall<{ totp: boolean; recoveryCodesLeft: number }>('account/mfa')).data ?? {
        totp: false,
        recoveryCodesLeft: 0,
      },
  });
  const begin = useMutation({
    mutationFn: async () => {
      const answer = await apiCall('account/mfa/totp', { method: 'POST' });
      const { toDataURL } = await import('qrcode');
      return { secret: String(answer.secret), qr: await toDataURL(String(answer.otpauthUrl)) };
    },
    onSuccess: setEnrolment,
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const verify = useMutation({
    mutationFn: () => apiCall('account/mfa/totp/verify', { method: 'POST', json: { code: code.trim() } }),
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      setEnrolment(undefined);
      setRecoveryCodes(answer.recoveryCodes as string[]);
      void queryClient.invalidateQueries({ queryKey: FACTORS });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
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
          <Button variant="contained" sx={{ mt: 2 }} onClick={() => begin.mutate()} disabled={begin.isPending}>
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
            <TextField
              label={text.code}
              value={code}
              autoComplete="one-time-code"
              onChange={(event) => setCode(event.target.value)}
            />
            <Button variant="contained" onClick={() => verify.mutate()} disabled={verify.isPending || !code}>
              {text.confirm}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** My sessions and second factor (from the avatar menu; first screen of a member who must enrol). */
export default function AccountSecurity() {
  const text = useSecurityText();
  return (
    <Stack spacing={2}>
      <Title title={text.title} />
      <SecondFactor />
      <MySessions />
    </Stack>
  );
}
