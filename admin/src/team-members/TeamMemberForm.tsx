import { useState } from 'react';
import {
  Create,
  Edit,
  email,
  minLength,
  PasswordInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useBasename,
  useNotify,
  usePermissions,
  useRedirect,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { canManageMember, isRole, PASSWORD_MIN_LENGTH, ROLES } from '@app/domain';

/** SPEC section 5's rules and messages. */
const validateName = required('app.validation.teamNameRequired');
const validateEmail = [required('app.validation.teamEmailRequired'), email('app.validation.teamEmailInvalid')];
const passwordLength = minLength(PASSWORD_MIN_LENGTH, 'resources.team-members.passwordMin');
const validateNewPassword = [required('app.validation.teamPasswordRequired'), passwordLength];
const validateType = required('app.validation.teamTypeRequired');

/** The roles the signed-in member may give: their own and those below it (DESIGN section 4). */
function useGrantableRoles() {
  const { permissions: role } = usePermissions<string>();
  return ROLES.filter((type) => isRole(role) && canManageMember(role, type)).map((type) => ({ id: type, name: type }));
}

function FormToolbar({ adding }: { adding: boolean }) {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      <SaveButton
        label={adding ? 'resources.team-members.add' : 'resources.team-members.update'}
        icon={<></>}
        alwaysEnable
      />
      {!adding && (
        <Button component={Link} to={`${basename}/manage-team`}>
          {translate('ra.action.cancel')}
        </Button>
      )}
    </Toolbar>
  );
}

/** Name, email, password and type; on edit an empty password keeps the current one. */
function TeamMemberFields({ adding }: { adding: boolean }) {
  const translate = useTranslate();
  const roles = useGrantableRoles();
  return (
    <SimpleForm toolbar={<FormToolbar adding={adding} />} sx={{ maxWidth: 640 }} disableInvalidFormNotification>
      <Typography variant="h6" component="h2">
        {translate(adding ? 'resources.team-members.addTitle' : 'resources.team-members.editTitle')}
      </Typography>
      <TextInput source="name" validate={validateName} autoComplete="off" />
      <TextInput source="email" type="email" validate={validateEmail} autoComplete="off" />
      <PasswordInput
        source="password"
        validate={adding ? validateNewPassword : passwordLength}
        autoComplete="new-password"
        helperText={adding ? false : 'resources.team-members.passwordKeep'}
      />
      <SelectInput source="type" choices={roles} validate={validateType} />
    </SimpleForm>
  );
}

/** Adds a member and stays on the screen with an empty form (SPEC: the same screen adds and lists). */
export function TeamMemberCreate() {
  const notify = useNotify();
  // Each member added gives a new, empty form for the next one.
  const [round, setRound] = useState(0);
  return (
    <Create
      key={round}
      resource="team-members"
      title={false}
      redirect={false}
      mutationOptions={{
        onSuccess: () => {
          notify('resources.team-members.notifications.created', { type: 'success' });
          setRound((count) => count + 1);
        },
      }}
      sx={{ '& .RaCreate-main': { mt: 0 } }}
    >
      <TeamMemberFields adding />
    </Create>
  );
}

/** Edits the member of /admin/manage-team/{id}, then goes back to /admin/manage-team. */
export function TeamMemberEdit({ id }: { id: Identifier }) {
  const notify = useNotify();
  const redirect = useRedirect();
  const basename = useBasename();
  return (
    <Edit
      resource="team-members"
      id={id}
      title={false}
      actions={false}
      mutationMode="pessimistic"
      // The password is write-only: the form starts empty and an empty one is not sent.
      transform={({ password, ...member }) => (password ? { ...member, password } : member)}
      mutationOptions={{
        onSuccess: () => {
          notify('resources.team-members.notifications.updated', { type: 'success' });
          redirect(`${basename}/manage-team`);
        },
      }}
      queryOptions={{ retry: false }}
      redirect={false}
    >
      <TeamMemberFields adding={false} />
    </Edit>
  );
}
