import { useState } from 'react';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import {
  CheckboxGroupInput,
  Form,
  NumberInput,
  required,
  SaveButton,
  TextInput,
  useNotify,
  usePermissions,
} from 'react-admin';
import { can, ROLES } from '@app/domain';
import { apiCall } from '../../providers/httpClient';
import { fill, useSecurityText } from './text';
import { useAction, useApiData } from './useApi';

interface Policy {
  mfaRoles: string[];
  idleMinutes: number;
  absoluteHours: number;
  allowedRanges: Record<string, string[]>;
}

/** The ranges as the form edits them: one comma-separated text per role. */
const rangesText = (ranges: Record<string, string[]>) =>
  Object.fromEntries(ROLES.map((role) => [role, (ranges[role] ?? []).join(', ')]));
const rangesOf = (texts: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(texts)
      .map(
        ([role, text]) =>
          [
            role,
            text
              .split(',')
              .map((r) => r.trim())
              .filter(Boolean),
          ] as const,
      )
      .filter(([, ranges]) => ranges.length),
  );

/** The security policy (Admins): roles that must have a second factor, session lifetimes, address ranges. */
export function SecurityPolicyForm() {
  const text = useSecurityText();
  const notify = useNotify();
  const policy = useApiData<Policy>('security-policy');
  if (!policy.data) return null;
  const save = async ({ ranges, ...values }: Policy & { ranges: Record<string, string> }) => {
    try {
      const answer = await apiCall('security-policy', {
        method: 'PUT',
        json: { ...values, allowedRanges: rangesOf(ranges ?? {}) },
      });
      notify(answer.message, { type: 'success' });
      policy.reload();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {text.policy}
        </Typography>
        <Form
          record={{ ...policy.data, ranges: rangesText(policy.data.allowedRanges) }}
          onSubmit={(values: Record<string, unknown>) =>
            void save(values as unknown as Policy & { ranges: Record<string, string> })
          }
        >
          <CheckboxGroupInput
            source="mfaRoles"
            label={text.mfaRoles}
            choices={ROLES.map((role) => ({ id: role, name: role }))}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <NumberInput source="idleMinutes" label={text.idleMinutes} min={1} validate={required()} />
            <NumberInput source="absoluteHours" label={text.absoluteHours} min={1} validate={required()} />
          </Stack>
          <Typography variant="subtitle2">{text.allowedRanges}</Typography>
          {ROLES.map((role) => (
            <TextInput key={role} source={`ranges.${role}`} label={role} helperText={false} />
          ))}
          <SaveButton alwaysEnable />
        </Form>
      </CardContent>
    </Card>
  );
}

/** On a team member's edit page: their live sessions, ending them, and (Admins) resetting their second factor. */
export function MemberSecurityActions({ memberId }: { memberId: string | number }) {
  const text = useSecurityText();
  const { permissions: role } = usePermissions<string>();
  const sessions = useApiData<Array<{ endedAt: string | null }>>(`team-members/${memberId}/sessions`);
  const [asked, setAsked] = useState(false);
  const end = useAction(async () => {
    const answer = await apiCall(`team-members/${memberId}/sessions`, { method: 'DELETE' });
    sessions.reload();
    return answer;
  });
  const reset = useAction(async () => {
    const answer = await apiCall(`team-members/${memberId}/mfa`, { method: 'DELETE' });
    setAsked(false);
    sessions.reload();
    return answer;
  });
  if (!sessions.data) return null;
  const live = sessions.data.filter((s) => !s.endedAt).length;
  return (
    <Card sx={{ my: 2 }}>
      <CardContent>
        <Typography gutterBottom>{fill(text.liveSessions, { count: live })}</Typography>
        <Stack direction="row" spacing={2}>
          <Button onClick={() => end.run(undefined)} disabled={!live || end.pending}>
            {text.endAll}
          </Button>
          {can(role, 'team.resetFactors') && (
            <Button onClick={() => (asked ? reset.run(undefined) : setAsked(true))}>
              {asked ? text.resetConfirm : text.resetFactor}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
