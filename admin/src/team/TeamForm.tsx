import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { useBasename, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { isEmail, PASSWORD_MIN_LENGTH, type Role } from '@app/domain';
import type { AppDataProvider } from '../providers/dataProvider';
import type { TeamMember, TeamMemberInput } from '../providers/methods/team';
import { TEAM_MEMBERS_KEY } from './TeamList';

type Errors = Partial<Record<keyof TeamMemberInput, string>>;

/** SPEC section 5: name, email, password (on add) and type are required; a password has 6 characters or more. */
function validate(values: TeamMemberInput, adding: boolean): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = 'app.validation.teamNameRequired';
  if (!values.email.trim()) errors.email = 'app.validation.teamEmailRequired';
  else if (!isEmail(values.email.trim())) errors.email = 'app.validation.teamEmailInvalid';
  if (adding && !values.password) errors.password = 'app.validation.teamPasswordRequired';
  else if (values.password && values.password.length < PASSWORD_MIN_LENGTH) errors.password = 'app.team.passwordMin';
  if (!values.type) errors.type = 'app.validation.teamTypeRequired';
  return errors;
}

const EMPTY: TeamMemberInput = { name: '', email: '', password: '', type: '' as Role };

/**
 * The Manage Team form (SPEC section 2): adds a member, or edits `member`. Roles are offered only up
 * to the signed-in member's own (get-team-member-type); an empty password on edit keeps the old one.
 */
export function TeamForm({ member }: { member?: TeamMember }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const adding = !member;
  const [values, setValues] = useState<TeamMemberInput>(
    member ? { name: member.name, email: member.email, password: '', type: member.type } : EMPTY,
  );
  const [errors, setErrors] = useState<Errors>({});
  const { data: types = [] } = useQuery({
    queryKey: ['teamMemberTypes'],
    queryFn: () => dataProvider.getTeamMemberTypes(),
  });
  const save = useMutation({
    mutationFn: (input: TeamMemberInput) =>
      member ? dataProvider.updateTeamMember(member.id, input) : dataProvider.addTeamMember(input),
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: TEAM_MEMBERS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['teamMember'] });
      if (member) navigate(`${basename}/manage-team`);
      else setValues(EMPTY);
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = { ...values, name: values.name.trim(), email: values.email.trim() };
    const found = validate(trimmed, adding);
    setErrors(found);
    if (!Object.keys(found).length) save.mutate(trimmed);
  };
  const input = (name: keyof TeamMemberInput) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
    error: !!errors[name],
    helperText: errors[name] ? translate(errors[name]!) : ' ',
    fullWidth: true,
  });

  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {translate(adding ? 'app.team.addTitle' : 'app.team.editTitle')}
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          data-testid="team-form"
          sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}
        >
          <TextField label={translate('app.team.name')} autoComplete="off" {...input('name')} />
          <TextField label={translate('app.team.email')} type="email" autoComplete="off" {...input('email')} />
          <TextField
            label={translate('app.team.password')}
            type="password"
            autoComplete="new-password"
            placeholder={adding ? undefined : translate('app.team.passwordKeep')}
            slotProps={{ inputLabel: adding ? undefined : { shrink: true } }}
            {...input('password')}
          />
          <TextField select label={translate('app.team.type')} {...input('type')}>
            {types.map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {translate(adding ? 'app.team.add' : 'app.team.update')}
            </Button>
            {!adding && (
              <Button onClick={() => navigate(`${basename}/manage-team`)}>{translate('ra.action.cancel')}</Button>
            )}
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
